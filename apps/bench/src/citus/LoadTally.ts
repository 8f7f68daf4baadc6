import type { LatencySummary } from '../harness/LatencySummary.js'

/** What a concurrent load saw while the cluster changed, and what was missing after. */
export interface LoadTally {
  searches: number
  /** Same ids in the same order as before the move. */
  right: number
  /** Another order or set, as complete and with no lower recall (see judgeAnswer). */
  different: number
  wrong: number
  /** Searches that threw. */
  failedSearches: number
  searchLatency: LatencySummary
  /** Writes the store acknowledged. */
  acknowledged: number
  /** Writes that threw (their memory may or may not be there; never counted as lost). */
  failedWrites: number
  /** Acknowledged writes not readable afterwards. */
  lost: number
  writeLatency: LatencySummary
  /** The first few reasons behind wrong or failed answers, failed writes and lost memories. */
  examples: string[]
}
