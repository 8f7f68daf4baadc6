import type { SearchPathFacts } from '../../context/SearchPathFacts.js'
import { INDEX_DROP_SHARE } from '../../indexes/INDEX_DROP_SHARE.js'
import { prefersAnn } from './prefersAnn.js'

/** Whether a namespace lacks the index its size calls for, or keeps one it shrank out of (uncounted: no). */
export function needsIndexUpkeep(facts: SearchPathFacts, exactSearchMaxRows: number): boolean {
  const { rows } = facts
  if (rows === undefined) return false
  if (facts.namespaceIndex) return rows < exactSearchMaxRows * INDEX_DROP_SHARE
  return rows > exactSearchMaxRows && !prefersAnn(facts, exactSearchMaxRows)
}
