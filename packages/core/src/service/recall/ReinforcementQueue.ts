import type { Tier } from '../../model/Tier.js'
import type { PendingReinforcement } from './PendingReinforcement.js'

/** Ids pending across groups that start a flush without waiting for the delay or the interval. */
const FLUSH_AT_IDS = 8192

/**
 * Recall's reinforcements, off the response path and batched: ids queue per (namespace, tier)
 * and every group queued goes to `write` in one call — `delayMs` after the first recall queued,
 * but no sooner than `intervalMs` after the previous write started, or at once past
 * `FLUSH_AT_IDS` — with one flush in flight at a time. A lone recall is written after the short
 * delay; under load the writes come once an interval, each carrying every recall since the last:
 * many users' recalls make one write, not one each (`writeReinforcements`), a memory recalled
 * again and again is one row change, not one per recall, and the write meets a search an
 * interval's worth less often. A repeated id stays repeated (the store counts each occurrence).
 * The access time of a group is its latest recall's.
 *
 * `flush` writes what is queued now; `close` flushes and then drops whatever arrives later,
 * deliberately (the service is done; the store may be closing). A pending delay keeps the
 * process alive until it lands, so a script that just ends loses nothing.
 */
export class ReinforcementQueue {
  readonly #write: (groups: PendingReinforcement[]) => Promise<void>
  readonly #report: (error: unknown) => void
  readonly #delayMs: number
  readonly #intervalMs: number
  /** When the last write started (`performance.now()`), or never. */
  #lastWriteAt = Number.NEGATIVE_INFINITY
  readonly #pending = new Map<string, PendingReinforcement>()
  #pendingIds = 0
  #timer: ReturnType<typeof setTimeout> | undefined
  #inFlight: Promise<void> = Promise.resolve()
  #closed = false

  constructor(options: {
    write: (groups: PendingReinforcement[]) => Promise<void>
    report: (error: unknown) => void
    delayMs: number
    intervalMs: number
  }) {
    this.#write = options.write
    this.#report = options.report
    this.#delayMs = options.delayMs
    this.#intervalMs = options.intervalMs
  }

  add(namespace: string, tier: Tier, ids: string[], at: Date): void {
    if (this.#closed || ids.length === 0) return
    const key = `${namespace}\u0000${tier}`
    const group = this.#pending.get(key)
    if (group) {
      group.ids.push(...ids)
      if (at > group.at) group.at = at
    } else {
      this.#pending.set(key, { namespace, tier, ids: [...ids], at })
    }
    this.#pendingIds += ids.length
    if (this.#pendingIds >= FLUSH_AT_IDS) this.#schedule(0)
    else if (this.#timer === undefined) {
      const sinceLastWrite = performance.now() - this.#lastWriteAt
      this.#schedule(Math.max(this.#delayMs, this.#intervalMs - sinceLastWrite))
    }
  }

  /** Resolves once everything queued before the call has been written (failures are reported, not thrown). */
  flush(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = undefined
    return this.#drain()
  }

  /** Flushes, then ignores later reinforcements. */
  async close(): Promise<void> {
    this.#closed = true
    await this.flush()
  }

  #schedule(delayMs: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      void this.#drain()
    }, delayMs)
  }

  #drain(): Promise<void> {
    const run = this.#inFlight.then(async () => {
      const groups = [...this.#pending.values()]
      this.#pending.clear()
      this.#pendingIds = 0
      if (groups.length === 0) return
      this.#lastWriteAt = performance.now()
      try {
        await this.#write(groups)
      } catch (error) {
        this.#report(error)
      }
    })
    this.#inFlight = run
    return run
  }
}
