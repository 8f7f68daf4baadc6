import type { Memory } from '../../model/Memory.js'
import type { RankedLeg } from '../fuseReciprocalRank.js'
import type { RecallHit } from '../MemoryService.js'

/** The legs' hits gathered per memory, ready for fusion and ranking (see `collectCandidates`). */
export interface RecallCandidates {
  /** Every memory any leg returned, by id. */
  memories: Map<string, Memory>
  /** Best cosine per memory over its own vector and its chunks, and which of them saw it. */
  semantic: Map<
    string,
    { score: number; sources: Set<'vector' | 'chunk'>; chunk?: RecallHit['matchedChunk'] }
  >
  /**
   * The same, as the semantic leg fusion ranks saw each memory: against the query moved by vector
   * feedback when it ran (`LegHits.feedback`), else `semantic` itself. Its scores order; `semantic`'s
   * cosines are what thresholds compare.
   */
  semanticSeen: RecallCandidates['semantic']
  /** The semantic leg as fusion sees it: the best `pool` memories of `semanticSeen`. */
  semanticLeg: RankedLeg
  keywordLeg: RankedLeg
  /** Keyword score divided by the leg's best, in (0, 1]. */
  keywordScore: Map<string, number>
  /**
   * The lowest cosine the memory-vector leg returned when it was full (anything it did not
   * return scores lower); Infinity when it was not full.
   */
  coverFloor: number
}
