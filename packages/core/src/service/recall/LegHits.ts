import type { ScoredMemory } from '../../spec/ScoredMemory.js'

/** What each recall leg returned, best first (an empty list for a leg that did not run). */
export interface LegHits {
  vector: ScoredMemory[]
  chunk: ScoredMemory[]
  keyword: ScoredMemory[]
  /**
   * The vector legs searched again with the query moved towards the keyword leg's best hits
   * (`feedBackVectorLegs`), scored against that moved query; absent when feedback did not run.
   */
  feedback?: { vector: ScoredMemory[]; chunk: ScoredMemory[] }
}
