/** Why a memory has no vector yet: its place in the repair queue and the last recorded failure. */
export interface RepairIssue {
  namespace: string
  id: string
  /** `pending`: repair retries it when `nextAttemptAt` is due; `failed`: parked after too many attempts. */
  embedState: 'pending' | 'failed'
  /** Failed attempts so far. */
  attempts: number
  /** The last failure, redacted (never a key or a stack) and capped; null before the first failure. */
  lastError: string | null
  /** The earliest time repair tries it again (backoff); null: as soon as repair runs. */
  nextAttemptAt: Date | null
  /** Set while a repair worker holds it (an expired lease shows as null). */
  leasedUntil: Date | null
}
