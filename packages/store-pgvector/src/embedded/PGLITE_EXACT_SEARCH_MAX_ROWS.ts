/**
 * Namespaces with at most this many rows are searched exactly on PGlite (not PostgreSQL's 10,000):
 * a distance in wasm costs several times more than natively, so an exact scan of 10k rows takes
 * ~40 ms on PGlite against ~5 ms through HNSW.
 */
export const PGLITE_EXACT_SEARCH_MAX_ROWS = 1_000
