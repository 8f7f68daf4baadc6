import { describe, expect, it } from 'vitest'
import type { ContractSuite } from './ContractSuite.js'
import { ids } from './ids.js'
import { uid } from './uid.js'
import { write } from './write.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The repair queue: leases, fingerprint-guarded completion, backoff, parking and expired leases. */
export function describeStoreRepair(suite: ContractSuite): void {
  const { v } = suite
  describe('repair', () => {
    it('leases each pending row to exactly one of 6 concurrent claimants', async () => {
      const ns = uid('claim')
      const rows = Array.from({ length: 40 }, (_, i) => write(`p${i}-${ns}`, `pending ${i}`, null))
      await suite.store.upsert(ns, rows)
      const claimed: string[] = []
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          for (;;) {
            const batch = await suite.store.claimPending({ limit: 3, leaseMs: 60_000, namespace: ns })
            if (batch.length === 0) return
            for (const claim of batch) {
              expect(claim.namespace).toBe(ns)
              expect(claim.attempts).toBe(0)
              claimed.push(claim.id)
            }
          }
        }),
      )
      expect(claimed.length).toBe(40)
      expect(new Set(claimed).size).toBe(40)
      expect(await suite.store.repairStats(ns)).toEqual({ pending: 40, leased: 40, failed: 0 })
    })

    it('completes repairs guarded by fingerprint, backs off and parks failures', async () => {
      const ns = uid('repair')
      const [a, b, c] = [uid('a'), uid('b'), uid('c')]
      await suite.store.upsert(ns, [write(a, 'alpha', null), write(b, 'beta', null), write(c, 'gamma', null)])
      const claims = await suite.store.claimPending({ limit: 10, leaseMs: 60_000, namespace: ns })
      expect(claims.map((claim) => claim.id).sort()).toEqual([a, b, c].sort())
      expect(claims.find((claim) => claim.id === a)).toMatchObject({
        content: 'alpha',
        fingerprint: 'fp:alpha',
      })
      expect(await suite.store.claimPending({ limit: 10, leaseMs: 60_000, namespace: ns })).toEqual([])

      expect(
        await suite.store.completeRepair(ns, a, 'fp:alpha', v(0), [
          { idx: 0, text: 'alpha part', embedding: v(1) },
        ]),
      ).toBe(true)
      expect((await suite.store.get(ns, a))!.embedState).toBe('ok')
      expect(ids(await suite.store.searchVector(ns, v(0), { limit: 5 }))).toEqual([a])
      expect(ids(await suite.store.searchChunks(ns, v(1), { limit: 5 }))).toEqual([a])

      await suite.store.upsert(ns, [write(b, 'beta, edited', null)])
      expect(await suite.store.completeRepair(ns, b, 'fp:beta', v(2))).toBe(false)
      expect((await suite.store.get(ns, b))!.embedState).toBe('pending')

      expect(
        await suite.store.failRepair(ns, c, { backoffMs: 3_600_000, maxAttempts: 2, error: 'HTTP 503' }),
      ).toBe('retry')
      const afterFail = await suite.store.claimPending({ limit: 10, leaseMs: 60_000, namespace: ns })
      expect(afterFail.map((claim) => claim.id)).toEqual([b])
      expect(await suite.store.failRepair(ns, c, { backoffMs: 0, maxAttempts: 2, error: 'HTTP 503' })).toBe(
        'parked',
      )
      expect((await suite.store.get(ns, c))!.embedState).toBe('failed')
      expect(await suite.store.repairStats(ns)).toEqual({ pending: 1, leased: 1, failed: 1 })
      expect((await suite.store.stats(ns))[0]).toMatchObject({ pending: 1, failed: 1 })
    })

    it('hands an expired lease to the next claimant, with the attempt count', async () => {
      const ns = uid('lease')
      const id = uid('m')
      await suite.store.upsert(ns, [write(id, 'lease me', null)])
      expect(ids(await suite.store.claimPending({ limit: 1, leaseMs: 30, namespace: ns }))).toEqual([id])
      await suite.store.failRepair(ns, id, { backoffMs: 0, maxAttempts: 5, error: 'timeout' })
      const again = await suite.store.claimPending({ limit: 1, leaseMs: 30, namespace: ns })
      expect(again).toEqual([expect.objectContaining({ id, attempts: 1 })])
      await sleep(120)
      const third = await suite.store.claimPending({ limit: 1, leaseMs: 60_000, namespace: ns })
      expect(third).toEqual([expect.objectContaining({ id, attempts: 1 })])
    })
  })
}
