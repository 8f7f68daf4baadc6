/** What the ANN-or-exact decision needs to know about one namespace of one table (see `planAnn`). */
export interface SearchPathFacts {
  /**
   * Rows in the namespace, counted only as far as the decision needs; undefined when the plan
   * did not wait for a count (`searchPathFacts`: no global index, or the namespace has its own).
   */
  rows: number | undefined
  /** The table's planner estimate (0 before the first ANALYZE). */
  tableRows: number
  /** Whether the table's global HNSW index exists (`migrate({ annIndex: true })`). */
  ann: boolean
  /** Whether the namespace has its own valid partial HNSW index on `halfvecKey` (`maintainVectorIndexes`). */
  namespaceIndex: boolean
  /** The namespace's valid index's calibrated `hnsw.ef_search` (`calibrateEfSearch`); null without a calibrated valid index. */
  efSearch: number | null
}
