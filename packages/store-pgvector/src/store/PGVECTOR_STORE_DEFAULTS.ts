/**
 * The defaults of `createPgVectorStore`'s options, in one place: the store resolves its options
 * from here and the docs check (`scripts/check-docs.mjs`) holds the README to them. Each option's
 * reasoning is on its declaration (`PgVectorStoreOptions`, `CreatePgVectorStoreOptions`).
 */
export const PGVECTOR_STORE_DEFAULTS = {
  /**
   * PostgreSQL; the embedded store uses its own (`PGLITE_EXACT_SEARCH_MAX_ROWS`). 2,000, not lower:
   * an exact scan answers with recall 1.0, and at this size HNSW saves nothing: W10 at 100k rows
   * (1536-d) read 2,003 pages for the exact scan of a 2,000-row namespace and 1,880 through its own
   * index at `ef_search` 128 (recall@10 0.985); 5,000 rows: 5,000 pages exact, ~2,700 through HNSW.
   */
  exactSearchMaxRows: 2_000,
  recallSampleRate: 0.01,
  bulkThreshold: 500,
  namespaceCountTtlMs: 30_000,
  statementTimeoutMs: 30_000,
  maxConnections: 10,
  migrate: false,
} as const
