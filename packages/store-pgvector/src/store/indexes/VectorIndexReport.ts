import type { VectorTable } from './VectorTable.js'

/** One index `maintainVectorIndexes` created or dropped. */
export interface VectorIndexChange {
  table: VectorTable
  namespace: string
  /** Rows of the namespace in that table when the decision was made. */
  rows: number
  index: string
}

/** What `maintainVectorIndexes` did. */
export interface VectorIndexReport {
  created: VectorIndexChange[]
  dropped: VectorIndexChange[]
  /** Namespaces that keep their index (still large enough). */
  kept: number
}
