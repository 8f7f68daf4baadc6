export interface PgVectorStoreOptions {
  /** Width of every stored and queried vector; must match the database's vector columns. */
  dimensions: number
  /** The embedder's model id, recorded on first open and checked on every later one. */
  model?: string
  /**
   * Namespaces with at most this many rows are searched exactly; larger ones use HNSW when they
   * also hold at least half the table's rows (a namespace filter on the global HNSW index loses
   * recall at lower shares). Default 2,000: at 1536-d an exact scan costs ~2 µs a row, so about
   * where it stops beating an HNSW query (~3.5 ms).
   */
  exactSearchMaxRows?: number
  /** Batches of at least this many rows go through binary COPY on node-postgres. Default 500. */
  bulkThreshold?: number
  /** How long a namespace's row count is trusted when choosing the search path. Default 30 s. */
  namespaceCountTtlMs?: number
}
