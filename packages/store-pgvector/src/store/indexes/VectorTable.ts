/** The two tables holding vectors, each searchable through HNSW. */
export type VectorTable = 'memories' | 'memory_chunks'
