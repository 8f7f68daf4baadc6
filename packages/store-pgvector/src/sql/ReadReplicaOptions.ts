/** How a store with a read pool decides between the replica and the primary (defaults in brackets). */
export interface ReadReplicaOptions {
  /**
   * When the replica's replay lag exceeds this, every read goes to the primary; below it, reads of
   * namespaces this store has not written recently may be this stale (writes of other processes). [5000]
   */
  maxLagMs?: number
  /** How long the replica's replayed position is trusted before it is asked again. [100] */
  positionTtlMs?: number
  /** After the replica failed (refused, reset, timed out), reads skip it this long. [5000] */
  retryMs?: number
}
