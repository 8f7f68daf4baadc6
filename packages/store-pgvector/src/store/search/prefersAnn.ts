import type { SearchPathFacts } from '../context/SearchPathFacts.js'
import { ANN_MIN_NAMESPACE_SHARE } from './ANN_MIN_NAMESPACE_SHARE.js'

/**
 * The ANN-or-exact decision: HNSW only for a namespace of more than `exactSearchMaxRows` rows,
 * through its own partial index, or through the global index (`migrate({ annIndex: true })`)
 * when it holds at least `ANN_MIN_NAMESPACE_SHARE` of the table. Before the first ANALYZE the
 * table size is unknown (0) and the row count decides alone.
 */
export function prefersAnn(facts: SearchPathFacts, exactSearchMaxRows: number): boolean {
  if (facts.rows <= exactSearchMaxRows) return false
  if (facts.namespaceIndex) return true
  return facts.ann && (facts.tableRows <= 0 || facts.rows >= facts.tableRows * ANN_MIN_NAMESPACE_SHARE)
}
