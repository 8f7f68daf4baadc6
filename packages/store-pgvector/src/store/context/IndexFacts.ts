/** What one vector table's searches plan on, whatever the namespace (`indexFacts`). */
export interface IndexFacts {
  /** The table's planner estimate (0 before the first ANALYZE). */
  tableRows: number
  /** Whether the table's global HNSW index exists (`migrate({ annIndex: true })`). */
  ann: boolean
  /**
   * The namespaces with their own valid partial HNSW index on `halfvecKey`, each with its
   * calibrated `hnsw.ef_search` (null: not calibrated).
   */
  namespaceIndexes: Map<string, number | null>
  /** When they were read (`Date.now()`). */
  at: number
}
