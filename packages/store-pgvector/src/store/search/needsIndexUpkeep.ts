import type { SearchPathFacts } from '../context/SearchPathFacts.js'
import { INDEX_DROP_SHARE } from '../indexes/INDEX_DROP_SHARE.js'
import { prefersAnn } from './prefersAnn.js'

/** Whether a namespace lacks the index its size calls for, or keeps one it shrank out of. */
export function needsIndexUpkeep(facts: SearchPathFacts, exactSearchMaxRows: number): boolean {
  if (facts.namespaceIndex) return facts.rows < exactSearchMaxRows * INDEX_DROP_SHARE
  return facts.rows > exactSearchMaxRows && !prefersAnn(facts, exactSearchMaxRows)
}
