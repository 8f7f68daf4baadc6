/** The store settings; each default is in `PGVECTOR_STORE_DEFAULTS`. */
export interface PgVectorStoreOptions {
  /** Width of every stored and queried vector; must match the database's vector columns. */
  dimensions: number
  /** The embedder's model id, recorded on first open and checked on every later one. */
  model?: string
  /**
   * Namespaces with at most this many rows are searched exactly; a larger one gets its own
   * partial HNSW index (`maintainVectorIndexes`, or in the background with `autoIndex`) and is
   * searched through it (or through a global index from `migrate({ annIndex: true })` when it
   * holds at least half the table). Indexes go again below half this size. Default 2,000 on
   * PostgreSQL (see `PGVECTOR_STORE_DEFAULTS`): with 1536-d vectors a graph walk at the recall
   * target reads about as many pages as an exact scan of a namespace this small.
   */
  exactSearchMaxRows?: number
  /**
   * A search that finds its namespace above `exactSearchMaxRows` without an index (or far below
   * it with one) queues `maintainVectorIndexes` for that namespace in the background (built
   * `CONCURRENTLY`: writes go on; the search itself stays exact, hence complete). Default true on
   * PostgreSQL; false on PGlite, whose one connection a build would hold for seconds — call
   * `maintainVectorIndexes()` (`agent-memory maintain`) after a bulk load there.
   */
  autoIndex?: boolean
  /**
   * Recall guard: this share of ANN searches is re-run exactly in the background and its
   * recall@k (k = min(limit, 10)) recorded per namespace (`stats()`'s `vectorSearch`). Default 0.01; 0 disables.
   */
  recallSampleRate?: number
  /**
   * The largest share of the clock the recall guard spends re-running searches: one re-run at a
   * time, and after one that took d, sampled searches are not re-run for d × (1 / budget − 1).
   * In (0, 1]; default 0.05. 1 lifts the budget: every sampled search is re-run, as many at once
   * as are sampled.
   */
  recallSampleBudget?: number
  /** Batches of at least this many rows go through binary COPY. Default 16 on PostgreSQL, 500 on PGlite. */
  bulkThreshold?: number
  /**
   * How long what a search plans on is trusted: a namespace's row count, and a table's index facts
   * (which namespaces have an index of their own). Default 30 s.
   */
  namespaceCountTtlMs?: number
  /**
   * On PostgreSQL, hold the BM25 index of each namespace of at least 2,000 memories in this
   * process (up to 250,000 memories in all), kept in step with the database through the keyword
   * change log, instead of reading every matching row on each keyword search. The answers are
   * the same. Default true; never on Citus (its workers' transaction ids are not the
   * coordinator's, which the log relies on).
   */
  inProcessKeywordIndex?: boolean
  /**
   * `'citus'`: the store was laid out on a Citus cluster by `migrate({ distribute: 'citus' })`
   * (connect to the coordinator). Ids are then unique per namespace, and claims of the repair
   * queue are taken per namespace. Opening a distributed store without it, or with it on a
   * database whose store is not distributed, is refused.
   */
  distribute?: 'citus'
}
