import type { SearchPathFacts } from '../../context/SearchPathFacts.js'
import { ANN_MIN_NAMESPACE_SHARE } from './ANN_MIN_NAMESPACE_SHARE.js'

/**
 * The ANN-or-exact decision: HNSW only for a namespace of more than `exactSearchMaxRows` rows,
 * through its own partial index, or through the global index (`migrate({ annIndex: true })`)
 * when it holds at least `ANN_MIN_NAMESPACE_SHARE` of the table. Before the first ANALYZE the
 * table size is unknown (0) and the row count decides alone. A namespace with its own index and
 * no count at hand (`searchPathFacts`) walks it: the index was built for its size.
 */
export function prefersAnn(facts: SearchPathFacts, exactSearchMaxRows: number): boolean {
  const { rows } = facts
  if (rows === undefined) return facts.namespaceIndex
  if (rows <= exactSearchMaxRows) return false
  if (facts.namespaceIndex) return true
  return facts.ann && (facts.tableRows <= 0 || rows >= facts.tableRows * ANN_MIN_NAMESPACE_SHARE)
}
