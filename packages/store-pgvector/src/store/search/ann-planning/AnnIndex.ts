/** The HNSW index an ANN search walks: the namespace's own (on `halfvecKey`) or the table's global one (on the vector column). */
export type AnnIndex = 'namespace' | 'global'
