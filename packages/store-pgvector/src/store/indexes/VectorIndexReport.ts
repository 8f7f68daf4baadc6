import type { VectorTable } from './VectorTable.js'

/** One index `maintainVectorIndexes` created or dropped. */
export interface VectorIndexChange {
  table: VectorTable
  namespace: string
  /** Rows of the namespace in that table when the decision was made. */
  rows: number
  index: string
  /** The HNSW graph an index was built as (created entries; `HNSW_BUILD`): sparse where the data is easy for it, dense where it is not. */
  graph?: { m: number; efConstruction: number }
  /** The `hnsw.ef_search` its searches use, calibrated on its rows (created and calibrated entries; absent when it could not be). */
  efSearch?: number
  /** The probes' mean recall@10 at `efSearch`. */
  calibrationRecall?: number
}

/** What `maintainVectorIndexes` did. */
export interface VectorIndexReport {
  created: VectorIndexChange[]
  dropped: VectorIndexChange[]
  /** Namespaces that keep their index (still large enough). */
  kept: number
  /** Kept indexes calibrated now because they had not been (built before migration 0004). */
  calibrated: VectorIndexChange[]
}
