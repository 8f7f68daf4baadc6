import type { MemoryFilter } from '../../spec/MemoryFilter.js'
import type { RecallOptions } from '../MemoryService.js'

/** One recall's resolved request: what to search, how deep, and how to score it. */
export interface RecallPlan {
  namespace: string
  query: string
  mode: NonNullable<RecallOptions['mode']>
  limit: number
  /** Candidates each leg contributes to fusion. */
  pool: number
  /** The keyword leg's `SearchOptions.idfExponent` (above 1 for a long query). */
  keywordIdfExponent: number
  /** How deep the memory-vector leg fetches (deeper than `pool`, to measure more cosines). */
  vectorPool: number
  filter: MemoryFilter | undefined
  signal: AbortSignal | undefined
  /** The caller's threshold on the cosine scale, if any. */
  minScore: number | undefined
  /** Append the hits' linked memories (`expandLinked`), at most `linkedLimit` of them. */
  includeLinked: boolean
  linkedLimit: number
}
