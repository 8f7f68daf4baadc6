/** pgvector's HNSW limit on `halfvec` (the per-namespace key, `halfvecKey`): no namespace index is built above it. */
export const HALFVEC_HNSW_MAX_DIMENSIONS = 4000
