import { InvalidArgumentError, ValidationError } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import type { ContractSuite } from './ContractSuite.js'
import { DAY } from './DAY.js'
import { ids } from './ids.js'
import { rejectsWith } from './rejectsWith.js'
import { uid } from './uid.js'
import { write } from './write.js'

/** Expiry sweep: what `sweepExpired` removes, what it leaves, and that it holds beside concurrent work. */
export function describeStoreSweep(suite: ContractSuite): void {
  const { v } = suite
  describe('expiry sweep', () => {
    it('removes expired memories with their chunks, keeps live ones, and counts', async () => {
      const ns = uid('sweep')
      const now = Date.now()
      const live = write(uid('live'), 'a durable fact about tea', v(0))
      const later = write(uid('later'), 'expires tomorrow', v(1), { expiresAt: new Date(now + DAY) })
      const gone = write(uid('gone'), 'an obsolete reminder about tea', v(0, 0.1), {
        expiresAt: new Date(now - DAY),
        chunks: [
          { idx: 0, text: 'first part about tea', embedding: v(2) },
          { idx: 1, text: 'second part about tea', embedding: v(3) },
        ],
      })
      const alsoGone = write(uid('gone2'), 'another obsolete reminder', v(4), {
        expiresAt: new Date(now - 1000),
      })
      await suite.store.upsert(ns, [live, later, gone, alsoGone])
      const counts = await suite.store.sweepExpired(ns, new Date(now))
      expect(counts).toEqual({ expired: 2, history: 0, chunks: 2, namespaces: [ns] })
      expect(await suite.store.get(ns, gone.id)).toBeNull()
      expect(await suite.store.get(ns, alsoGone.id)).toBeNull()
      expect(ids(await suite.store.list(ns, { filter: { includeExpired: true } })).sort()).toEqual(
        [live.id, later.id].sort(),
      )
      expect(
        ids(await suite.store.searchVector(ns, v(0, 0.1), { limit: 10, filter: { includeExpired: true } })),
      ).not.toContain(gone.id)
      expect(
        ids(await suite.store.searchChunks(ns, v(2), { limit: 10, filter: { includeExpired: true } })),
      ).toEqual([])
      expect(
        ids(
          await suite.store.searchText(ns, 'obsolete reminder', {
            limit: 10,
            filter: { includeExpired: true },
          }),
        ),
      ).toEqual([])
      expect((await suite.store.stats(ns))[0]).toMatchObject({ total: 2, chunks: 0 })
      // A second sweep finds nothing; a later `now` reaches the memory that expires tomorrow.
      expect(await suite.store.sweepExpired(ns, new Date(now))).toEqual({
        expired: 0,
        history: 0,
        chunks: 0,
        namespaces: [],
      })
      expect((await suite.store.sweepExpired(ns, new Date(now + 2 * DAY))).expired).toBe(1)
      expect(ids(await suite.store.list(ns, { filter: { includeExpired: true } }))).toEqual([live.id])
    })

    it("takes an expired memory's own history with it and leaves the history of live memories", async () => {
      const ns = uid('sweep-history')
      const now = Date.now()
      const past = new Date(now - DAY)
      // An expired fact that replaced an older one: both go.
      const older = write(uid('older'), 'parked on level 2', v(0))
      const head = write(uid('head'), 'parked on level 3', v(0, 0.2), { expiresAt: past })
      // A live fact that replaced an expired one: the expired version is its history and stays.
      const replaced = write(uid('replaced'), 'meeting at 10', v(1), {
        expiresAt: past,
        createdAt: new Date(now - 2 * DAY),
      })
      const current = write(uid('current'), 'meeting at 11', v(1, 0.2))
      await suite.store.upsert(ns, [older, head, replaced, current])
      expect(await suite.store.supersede(ns, older.id, head.id)).toBe(true)
      expect(await suite.store.supersede(ns, replaced.id, current.id)).toBe(true)
      const counts = await suite.store.sweepExpired(ns, new Date(now))
      expect(counts).toMatchObject({ expired: 1, history: 1, namespaces: [ns] })
      expect(await suite.store.get(ns, older.id)).toBeNull()
      expect(await suite.store.get(ns, head.id)).toBeNull()
      expect(ids(await suite.store.history(ns, current.id))).toEqual([replaced.id, current.id])
    })

    it('drops links to removed memories from the memories that remain', async () => {
      const ns = uid('sweep-links')
      const now = Date.now()
      const gone = write(uid('gone'), 'expired', v(0), { expiresAt: new Date(now - DAY) })
      const kept = write(uid('kept'), 'kept', v(1))
      const other = write(uid('other'), 'other', v(2))
      await suite.store.upsert(ns, [gone, kept, other])
      expect(await suite.store.addLink(ns, kept.id, gone.id)).toBe(true)
      expect(await suite.store.addLink(ns, kept.id, other.id)).toBe(true)
      await suite.store.sweepExpired(ns, new Date(now))
      expect((await suite.store.get(ns, kept.id))!.linkedMemoryIds).toEqual([other.id])
    })

    it('sweeps one namespace, or every namespace when none is given', async () => {
      const a = uid('sweep-a')
      const b = uid('sweep-b')
      const past = new Date(Date.now() - DAY)
      const inA = write(uid('a'), 'expired in a', v(0), { expiresAt: past })
      const inB = write(uid('b'), 'expired in b', v(0), { expiresAt: past })
      await suite.store.upsert(a, [inA])
      await suite.store.upsert(b, [inB])
      expect((await suite.store.sweepExpired(a, new Date())).namespaces).toEqual([a])
      expect(await suite.store.get(b, inB.id)).not.toBeNull()
      // An id given with the wrong namespace is not swept there.
      expect((await suite.store.sweepExpired(a, new Date())).expired).toBe(0)
      const all = await suite.store.sweepExpired(undefined, new Date())
      expect(all.namespaces).toContain(b)
      expect(all.namespaces).not.toContain(a)
      expect(await suite.store.get(b, inB.id)).toBeNull()
    })

    it('refuses a bad namespace or time', async () => {
      const bad = (error: unknown) =>
        InvalidArgumentError.isInstance(error) || ValidationError.isInstance(error)
      await rejectsWith(suite.store.sweepExpired('', new Date()), bad)
      await rejectsWith(suite.store.sweepExpired(uid('ns'), new Date(Number.NaN)), bad)
    })

    it('is safe beside 8 workers writing and reading (no error, no live memory lost)', async () => {
      const ns = uid('sweep-conc')
      const kept = new Set<string>()
      const failures: unknown[] = []
      let running = true
      const sweeper = (async () => {
        let sweeps = 0
        while (running || sweeps < 2) {
          try {
            await suite.store.sweepExpired(sweeps % 2 === 0 ? ns : undefined, new Date())
          } catch (error) {
            failures.push(error)
          }
          sweeps++
          await new Promise((resolve) => setTimeout(resolve, 0))
        }
      })()
      await Promise.all(
        Array.from({ length: 8 }, async (_, worker) => {
          for (let step = 0; step < 12; step++) {
            const id = `sw${worker}-${step}-${ns}`
            try {
              if (step % 3 === 0) {
                await suite.store.upsert(ns, [
                  write(id, `worker ${worker} expired ${step}`, v(worker), {
                    expiresAt: new Date(Date.now() - 1000),
                    chunks: [{ idx: 0, text: 'a chunk', embedding: v(step) }],
                  }),
                ])
              } else {
                await suite.store.upsert(ns, [
                  write(id, `worker ${worker} kept ${step}`, v(worker + step), {
                    expiresAt: step % 3 === 1 ? new Date(Date.now() + DAY) : null,
                  }),
                ])
                kept.add(id)
                const previous = `sw${worker}-${step - 1}-${ns}`
                await suite.store.addLink(ns, id, previous)
              }
              await suite.store.searchVector(ns, v(worker), { limit: 5 })
              await suite.store.searchText(ns, 'worker kept', { limit: 5 })
              await suite.store.list(ns, { limit: 20 })
              await suite.store.reinforce(ns, [id], { slidingTtlMs: DAY })
            } catch (error) {
              failures.push(error)
            }
          }
        }),
      )
      running = false
      await sweeper
      expect(failures).toEqual([])
      const sweptAt = new Date()
      await suite.store.sweepExpired(ns, sweptAt)
      const left = await suite.store.list(ns, { filter: { includeExpired: true }, limit: 1000 })
      for (const memory of left) {
        expect(memory.expiresAt === null || memory.expiresAt.getTime() > sweptAt.getTime()).toBe(true)
      }
      // Every memory written live is still there, whatever the sweeps did around it.
      const leftIds = new Set(ids(left))
      expect([...kept].filter((id) => !leftIds.has(id))).toEqual([])
    })
  })
}
