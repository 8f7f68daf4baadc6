/**
 * The defaults of `createPgVectorStore`'s options, in one place: the store resolves its options
 * from here and the docs check (`scripts/check-docs.mjs`) holds the README to them. Each option's
 * reasoning is on its declaration (`PgVectorStoreOptions`, `CreatePgVectorStoreOptions`).
 */
export const PGVECTOR_STORE_DEFAULTS = {
  /** PostgreSQL; the embedded store uses its own (`PGLITE_EXACT_SEARCH_MAX_ROWS`). */
  exactSearchMaxRows: 500,
  recallSampleRate: 0.01,
  bulkThreshold: 500,
  namespaceCountTtlMs: 30_000,
  statementTimeoutMs: 30_000,
  maxConnections: 10,
  migrate: false,
} as const
