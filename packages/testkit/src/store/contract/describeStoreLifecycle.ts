import { InvalidArgumentError } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import type { ContractSuite } from './ContractSuite.js'
import { DAY } from './DAY.js'
import { ids } from './ids.js'
import { uid } from './uid.js'
import { write } from './write.js'

/** Lifecycle: liveness (expiry, supersession, validity window), `asOf`, `supersede`, `restore`, `history`, `reinforce`, `reinforceMany`. */
export function describeStoreLifecycle(suite: ContractSuite): void {
  const { v } = suite
  describe('lifecycle', () => {
    it('hides expired, superseded and out-of-window rows unless asked', async () => {
      const ns = uid('live')
      const now = Date.now()
      const rows = [
        write(uid('live'), 'live', v(0)),
        write(uid('expired'), 'expired', v(0), { expiresAt: new Date(now - DAY) }),
        write(uid('future'), 'not yet valid', v(0), { validFrom: new Date(now + DAY) }),
        write(uid('ended'), 'no longer valid', v(0), { validTo: new Date(now - DAY) }),
      ]
      await suite.store.upsert(ns, rows)
      const [live, expired] = rows.map((row) => row.id) as [string, string]
      expect(ids(await suite.store.list(ns))).toEqual([live])
      expect(ids(await suite.store.searchVector(ns, v(0), { limit: 10 }))).toEqual([live])
      expect(ids(await suite.store.list(ns, { filter: { includeExpired: true } })).sort()).toEqual(
        [live, expired].sort(),
      )
      const next = write(uid('next'), 'replacement', v(0))
      await suite.store.upsert(ns, [next])
      expect(await suite.store.supersede(ns, live, next.id)).toBe(true)
      expect(ids(await suite.store.list(ns))).toEqual([next.id])
      expect(ids(await suite.store.list(ns, { filter: { includeSuperseded: true } })).sort()).toEqual(
        [live, next.id].sort(),
      )
    })

    it('answers asOf across a supersession, and restore undoes it', async () => {
      const ns = uid('asof')
      const t0 = Date.now() - 10 * DAY
      const oldFact = write(uid('old'), 'lives in Paris', v(0), { createdAt: new Date(t0) })
      const newFact = write(uid('new'), 'lives in Rome', v(0, 0.1), {
        createdAt: new Date(t0 + 5 * DAY),
        validFrom: new Date(t0 + 5 * DAY),
      })
      await suite.store.upsert(ns, [oldFact, newFact])
      const switchAt = new Date(t0 + 5 * DAY)
      expect(await suite.store.supersede(ns, oldFact.id, newFact.id, switchAt)).toBe(true)
      expect(await suite.store.supersede(ns, oldFact.id, 'missing')).toBe(false)
      expect(await suite.store.supersede(ns, 'missing', newFact.id)).toBe(false)
      const superseded = (await suite.store.get(ns, oldFact.id))!
      expect(superseded.supersededBy).toBe(newFact.id)
      expect(superseded.validTo!.getTime()).toBe(switchAt.getTime())

      expect(ids(await suite.store.list(ns))).toEqual([newFact.id])
      const before = new Date(t0 + 2 * DAY)
      expect(ids(await suite.store.list(ns, { filter: { asOf: before } }))).toEqual([oldFact.id])
      expect(ids(await suite.store.searchVector(ns, v(0), { filter: { asOf: before }, limit: 5 }))).toEqual([
        oldFact.id,
      ])
      const after = new Date(t0 + 7 * DAY)
      expect(ids(await suite.store.list(ns, { filter: { asOf: after } }))).toEqual([newFact.id])

      expect(ids(await suite.store.history(ns, newFact.id))).toEqual([oldFact.id, newFact.id])
      expect(ids(await suite.store.history(ns, oldFact.id))).toEqual([oldFact.id, newFact.id])
      expect(await suite.store.history(ns, 'missing')).toEqual([])

      expect(await suite.store.restore(ns, oldFact.id)).toBe(true)
      const restored = (await suite.store.get(ns, oldFact.id))!
      expect(restored.supersededBy).toBeNull()
      expect(restored.validTo).toBeNull()
      expect(ids(await suite.store.list(ns)).sort()).toEqual([oldFact.id, newFact.id].sort())
    })

    it('reinforces: access count, last access, sliding expiry only for rows that expire', async () => {
      const ns = uid('rf')
      const expiring = write(uid('exp'), 'expiring', v(0), { expiresAt: new Date(Date.now() + DAY) })
      const durable = write(uid('dur'), 'durable', v(0))
      await suite.store.upsert(ns, [expiring, durable])
      const at = new Date(Date.now() + 60_000)
      await suite.store.reinforce(ns, [expiring.id, durable.id, 'missing'], { at, slidingTtlMs: 7 * DAY })
      await suite.store.reinforce(ns, [durable.id])
      const e = (await suite.store.get(ns, expiring.id))!
      const d = (await suite.store.get(ns, durable.id))!
      expect(e.accessCount).toBe(1)
      expect(e.lastAccessedAt.getTime()).toBe(at.getTime())
      expect(e.expiresAt!.getTime()).toBe(at.getTime() + 7 * DAY)
      expect(d.accessCount).toBe(2)
      expect(d.expiresAt).toBeNull()
      // An id listed n times counts n accesses (one call for several coalesced recalls).
      await suite.store.reinforce(ns, [durable.id, expiring.id, durable.id])
      expect((await suite.store.get(ns, durable.id))!.accessCount).toBe(4)
      expect((await suite.store.get(ns, expiring.id))!.accessCount).toBe(2)
      await suite.store.reinforce(ns, [])
    })

    it('reinforceMany: many namespaces in one call, as one reinforce per group', async () => {
      const many = suite.store.reinforceMany?.bind(suite.store)
      expect(many).toBeTypeOf('function')
      const [a, b] = [uid('rma'), uid('rmb')]
      const expiring = write(uid('exp'), 'expiring', v(0), { expiresAt: new Date(Date.now() + DAY) })
      const durableA = write(uid('da'), 'durable a', v(0))
      const durableB = write(uid('db'), 'durable b', v(1))
      await suite.store.upsert(a, [expiring, durableA])
      await suite.store.upsert(b, [durableB])
      const at = new Date(Date.now() + 60_000)
      const later = new Date(Date.now() + 120_000)
      await many!([
        { namespace: a, ids: [durableA.id, durableA.id, 'missing'], options: { at } },
        { namespace: a, ids: [expiring.id], options: { at: later, slidingTtlMs: 7 * DAY } },
        // durableA is not b's: skipped, like a missing id.
        { namespace: b, ids: [durableB.id, durableA.id], options: { at: later } },
        { namespace: b, ids: [] },
      ])
      const get = async (ns: string, id: string) => (await suite.store.get(ns, id))!
      expect((await get(a, durableA.id)).accessCount).toBe(2)
      expect((await get(a, durableA.id)).lastAccessedAt.getTime()).toBe(at.getTime())
      expect((await get(a, durableA.id)).expiresAt).toBeNull()
      expect((await get(a, expiring.id)).accessCount).toBe(1)
      expect((await get(a, expiring.id)).expiresAt!.getTime()).toBe(later.getTime() + 7 * DAY)
      expect((await get(b, durableB.id)).accessCount).toBe(1)
      expect((await get(b, durableB.id)).lastAccessedAt.getTime()).toBe(later.getTime())
      // Again: the rows exist now, and the counts add.
      await many!([
        { namespace: a, ids: [durableA.id] },
        { namespace: b, ids: [durableB.id, durableB.id] },
      ])
      expect((await get(a, durableA.id)).accessCount).toBe(3)
      expect((await get(b, durableB.id)).accessCount).toBe(3)
      await many!([])
      // One bad group refuses the call before anything is written.
      const refused = await many!([
        { namespace: a, ids: [durableA.id] },
        { namespace: 42 as unknown as string, ids: [durableB.id] },
      ]).catch((error: unknown) => error)
      expect(InvalidArgumentError.isInstance(refused)).toBe(true)
      expect((await get(a, durableA.id)).accessCount).toBe(3)
    })
  })
}
