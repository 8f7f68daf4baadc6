/**
 * The spec's `MIN_SCORE`: below this cosine similarity `memory_search` returns nothing. Calibrated
 * for text-embedding-3-small; an embedder declares its own through `Embedder.minScore`.
 */
export const DEFAULT_MIN_SCORE = 0.3
