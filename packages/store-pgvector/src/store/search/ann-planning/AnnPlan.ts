import type { TransactionSettings } from '../../../sql/TransactionScope.js'
import type { AnnIndex } from './AnnIndex.js'

/** How an ANN search runs (`planAnn`): the index it walks and the HNSW knobs of its transaction. */
export interface AnnPlan {
  index: AnnIndex
  settings: TransactionSettings
}
