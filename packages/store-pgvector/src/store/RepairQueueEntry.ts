/** A memory waiting for its vector, as the repair queue holds it. */
export interface RepairQueueEntry {
  namespace: string
  id: string
  content: string
  /** `pending`: repair will retry; `failed`: parked after too many attempts (a re-run of repair retries it). */
  embedState: 'pending' | 'failed'
  attempts: number
  /** When the next attempt may run (backoff); null: now. */
  nextAttemptAt: Date | null
  /** Set while a repair worker holds it. */
  leasedUntil: Date | null
  /** The last failure, as repair recorded it (already redacted, never a key). */
  lastError: string | null
  createdAt: Date
}
