/**
 * The defaults of `createPgVectorStore`'s options, in one place: the store resolves its options
 * from here and the docs check (`scripts/check-docs.mjs`) holds the README to them. Each option's
 * reasoning is on its declaration (`PgVectorStoreOptions`, `CreatePgVectorStoreOptions`).
 */
export const PGVECTOR_STORE_DEFAULTS = {
  /**
   * PostgreSQL; the embedded store uses its own (`PGLITE_EXACT_SEARCH_MAX_ROWS`). 2,000, not lower:
   * an exact scan answers with recall 1.0, and at this size HNSW saves nothing: on W10's 100k table
   * (1536-d) the 2,000-row namespace's exact statement took 2.5 ms (2,004 pages), and a search of
   * that namespace's own half-precision index (m 24 / ef_construction 200) took 3.2 ms at
   * ef_search 100 for recall@10 0.990; at 5,000 rows the index wins (3.5 ms against ~6.7 exact).
   */
  exactSearchMaxRows: 2_000,
  recallSampleRate: 0.01,
  /**
   * A guard sample is an exact scan of the whole namespace: 0.3 s at 100,000 rows × 1,536-d. At a
   * fixed rate its cost grows with the namespace and the traffic (1% of 100 searches a second of a
   * 1M-row namespace would keep about three cores scanning), so the guard is held to a share of
   * the clock instead: one twentieth.
   */
  recallSampleBudget: 0.05,
  /**
   * PostgreSQL; the embedded store uses its own (`PGLITE_BULK_THRESHOLD`). Low: a text vector
   * literal per row costs more to format and parse than COPY's two extra round trips from a few
   * rows up (W1b: `rememberMany`'s 128-row slices spent most of `store.upsert` in them).
   */
  bulkThreshold: 16,
  namespaceCountTtlMs: 30_000,
  statementTimeoutMs: 30_000,
  /**
   * A recall of a namespace small enough to be scanned exactly parses and plans five or so
   * statements; on the recall probe (1 user × 1,000) that was a third of its store time.
   */
  preparedStatements: true,
  maxConnections: 10,
  migrate: false,
} as const
