/** What one expiry sweep removed (`ExpirySweepStore.sweepExpired`). */
export interface ExpirySweepCounts {
  /** Expired memories removed: expired and not superseded (the head of their supersession chain). */
  expired: number
  /** Superseded versions removed with them: the history of a fact that has itself expired. */
  history: number
  /** Chunk rows that went with the removed memories. */
  chunks: number
  /** The namespaces that lost memories, sorted. */
  namespaces: string[]
}
