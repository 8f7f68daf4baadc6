import type { SearchPathFacts } from '../context/SearchPathFacts.js'
import { ANN_MIN_NAMESPACE_SHARE } from './ANN_MIN_NAMESPACE_SHARE.js'

/**
 * The ANN-or-exact decision: HNSW only when the index exists, the namespace holds more than
 * `exactSearchMaxRows` rows and at least `ANN_MIN_NAMESPACE_SHARE` of the table. Before the
 * first ANALYZE the table size is unknown (0) and the row count decides alone.
 */
export function prefersAnn(facts: SearchPathFacts, exactSearchMaxRows: number): boolean {
  return (
    facts.ann &&
    facts.rows > exactSearchMaxRows &&
    (facts.tableRows <= 0 || facts.rows >= facts.tableRows * ANN_MIN_NAMESPACE_SHARE)
  )
}
