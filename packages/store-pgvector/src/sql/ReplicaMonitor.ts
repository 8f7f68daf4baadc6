import type { Executor } from './Executor.js'
import { lsnToBigInt } from './lsnToBigInt.js'
import { REPLICA_POSITION_QUERY } from './REPLICA_POSITION_QUERY.js'
import type { ReadRoutingStats } from './ReadRoutingStats.js'

interface PositionRow {
  in_recovery: boolean
  replayed: string | null
  lag_ms: number | null
}

/**
 * The replica's state as the router sees it: its replayed WAL position (asked at most once per
 * `positionTtlMs`, concurrent askers share one round trip), whether it lags, failed or was promoted.
 */
export class ReplicaMonitor {
  readonly #replica: Executor
  readonly #maxLagMs: number
  readonly #positionTtlMs: number
  readonly #retryMs: number
  readonly #onError: (error: Error) => void
  #state: ReadRoutingStats['state'] = 'replica'
  #replayed: bigint | null = null
  #lagMs: number | null = null
  #askedAt = Number.NEGATIVE_INFINITY
  #downUntil = 0
  #asking: Promise<void> | undefined

  constructor(
    replica: Executor,
    options: { maxLagMs: number; positionTtlMs: number; retryMs: number; onError: (error: Error) => void },
  ) {
    this.#replica = replica
    this.#maxLagMs = options.maxLagMs
    this.#positionTtlMs = options.positionTtlMs
    this.#retryMs = options.retryMs
    this.#onError = options.onError
  }

  get state(): ReadRoutingStats['state'] {
    return this.#state
  }

  get lagMs(): number | null {
    return this.#lagMs
  }

  /** How far the replica replayed, or `null` when it must not serve reads now. */
  async replayed(): Promise<bigint | null> {
    if (this.#state === 'promoted') return null
    const now = Date.now()
    if (this.#state === 'down' && now < this.#downUntil) return null
    if (this.#state === 'down' || now - this.#askedAt >= this.#positionTtlMs) {
      this.#asking ??= this.#ask().finally(() => {
        this.#asking = undefined
      })
      await this.#asking
    }
    return this.#state === 'replica' ? this.#replayed : null
  }

  /** A read on the replica failed: skip it for `retryMs`, then ask it again. */
  failed(error: Error): void {
    if (this.#state === 'promoted') return
    this.#state = 'down'
    this.#downUntil = Date.now() + this.#retryMs
    this.#onError(error)
  }

  async #ask(): Promise<void> {
    let row: PositionRow | undefined
    try {
      row = (await this.#replica.session((sql) => sql.query<PositionRow>(REPLICA_POSITION_QUERY))).rows[0]
    } catch (error) {
      this.failed(error as Error)
      return
    }
    this.#askedAt = Date.now()
    if (row === undefined || !row.in_recovery || row.replayed === null) {
      // Promoted (or never a standby): it takes writes of its own now, so it never serves again.
      this.#state = 'promoted'
      this.#lagMs = null
      return
    }
    this.#replayed = lsnToBigInt(row.replayed)
    this.#lagMs = row.lag_ms
    this.#state = row.lag_ms === null || row.lag_ms > this.#maxLagMs ? 'lagging' : 'replica'
  }
}
