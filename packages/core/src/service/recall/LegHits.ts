import type { ScoredMemory } from '../../spec/ScoredMemory.js'

/** What each recall leg returned, best first (an empty list for a leg that did not run). */
export interface LegHits {
  vector: ScoredMemory[]
  chunk: ScoredMemory[]
  keyword: ScoredMemory[]
}
