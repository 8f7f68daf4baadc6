/** What one search of the rebalance run must return, settled before any shard moves. */
export interface AnswerExpectation {
  /** The user the search is for. */
  namespace: string
  /** Rows a complete answer holds: min(k, rows of the namespace). */
  complete: number
  /** The rows of the namespace: an id outside it is another user's memory. */
  members: ReadonlySet<number>
  /** The exact top-k within the namespace, best first. */
  truth: readonly number[]
  /** The same store's answer to the same query before the cluster changed, best first. */
  before: readonly number[]
}
