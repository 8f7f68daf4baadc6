/** What a store with a read pool did with its reads since it opened (`PgVectorStore.readRouting`). */
export interface ReadRoutingStats {
  /** Reads the replica served. */
  replicaReads: number
  /** Reads the primary served: the namespace wrote after the replica's position, the replica lagged, was down or promoted. */
  primaryReads: number
  /** Reads that failed on the replica and were served again by the primary. */
  fallbacks: number
  /**
   * `replica`: in use; `lagging`: behind by more than `maxLagMs` (or not streaming);
   * `down`: failed, retried after `retryMs`; `promoted`: no longer in recovery, never used again.
   */
  state: 'replica' | 'lagging' | 'down' | 'promoted'
  /** The replica's replay lag when last asked, in ms (`null` before the first ask or when unknown). */
  lagMs: number | null
}
