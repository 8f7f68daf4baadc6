/**
 * The defaults of `createPgVectorStore`'s options, in one place: the store resolves its options
 * from here and the docs check (`scripts/check-docs.mjs`) holds the README to them. Each option's
 * reasoning is on its declaration (`PgVectorStoreOptions`, `CreatePgVectorStoreOptions`).
 */
export const PGVECTOR_STORE_DEFAULTS = {
  /**
   * PostgreSQL; the embedded store uses its own (`PGLITE_EXACT_SEARCH_MAX_ROWS`). 2,000, not lower:
   * an exact scan answers with recall 1.0, while the per-namespace HNSW measured recall@10 0.87–0.93
   * at 1–4k rows (W10, ef_search 40); below this size the scan is worth its milliseconds.
   */
  exactSearchMaxRows: 2_000,
  recallSampleRate: 0.01,
  bulkThreshold: 500,
  namespaceCountTtlMs: 30_000,
  statementTimeoutMs: 30_000,
  maxConnections: 10,
  migrate: false,
} as const
