import type { Tier } from '../../model/Tier.js'
import type { PendingReinforcement } from './PendingReinforcement.js'

/** Ids pending across groups that start a flush without waiting for the delay. */
const FLUSH_AT_IDS = 512

/**
 * Recall's reinforcements, off the response path and batched: ids queue per (namespace, tier)
 * and every group queued goes to `write` in one call — after `delayMs`, or at once past
 * `FLUSH_AT_IDS` — with one flush in flight at a time, so under load every recall that
 * arrives meanwhile rides the next write instead of queueing its own ahead of the next query,
 * and many users' recalls make one write, not one each (`writeReinforcements`). A repeated id
 * stays repeated (the store counts each occurrence). The access time of a group is its latest
 * recall's.
 *
 * `flush` writes what is queued now; `close` flushes and then drops whatever arrives later,
 * deliberately (the service is done; the store may be closing). A pending delay keeps the
 * process alive until it lands, so a script that just ends loses nothing.
 */
export class ReinforcementQueue {
  readonly #write: (groups: PendingReinforcement[]) => Promise<void>
  readonly #report: (error: unknown) => void
  readonly #delayMs: number
  readonly #pending = new Map<string, PendingReinforcement>()
  #pendingIds = 0
  #timer: ReturnType<typeof setTimeout> | undefined
  #inFlight: Promise<void> = Promise.resolve()
  #closed = false

  constructor(options: {
    write: (groups: PendingReinforcement[]) => Promise<void>
    report: (error: unknown) => void
    delayMs: number
  }) {
    this.#write = options.write
    this.#report = options.report
    this.#delayMs = options.delayMs
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
    else if (this.#timer === undefined) this.#schedule(this.#delayMs)
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
