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
      // Each claimant's batch sizes, in order: when a count is off, the failure shows how it came.
      const batches: number[][] = []
      // A lease far longer than the test can run, however loaded the machine: an expired lease here
      // would be a slow machine, not a claim that leased a row twice or left one out.
      const leaseMs = 600_000
      await Promise.all(
        Array.from({ length: 6 }, async (_, claimant) => {
          batches[claimant] = []
          for (;;) {
            const batch = await suite.store.claimPending({ limit: 3, leaseMs, namespace: ns })
            batches[claimant]!.push(batch.length)
            if (batch.length === 0) return
            for (const claim of batch) {
              expect(claim.namespace).toBe(ns)
              expect(claim.attempts).toBe(0)
              claimed.push(claim.id)
            }
          }
        }),
      )
      const stats = await suite.store.repairStats(ns)
      expect(
        { claimed: claimed.length, distinct: new Set(claimed).size, stats },
        JSON.stringify(batches),
      ).toEqual({
        claimed: 40,
        distinct: 40,
        stats: { pending: 40, leased: 40, failed: 0 },
      })
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

    it('says why each row waits: attempts, the last error and the next attempt time (repairIssues)', async () => {
      const ns = uid('issues')
      const [a, b, c] = [uid('a'), uid('b'), uid('c')]
      await suite.store.upsert(ns, [
        write(a, 'waits', null),
        write(b, 'fails', null),
        write(c, 'embedded', v(0)),
      ])
      await suite.store.upsert(uid('other'), [write(uid('x'), 'elsewhere', null)])
      expect((await suite.store.repairIssues(ns)).map((issue) => issue.id).sort()).toEqual([a, b].sort())
      expect(await suite.store.repairIssues(ns, { ids: [a] })).toEqual([
        {
          namespace: ns,
          id: a,
          embedState: 'pending',
          attempts: 0,
          lastError: null,
          nextAttemptAt: null,
          leasedUntil: null,
        },
      ])

      await suite.store.claimPending({ limit: 10, leaseMs: 60_000, namespace: ns })
      const [leased] = await suite.store.repairIssues(ns, { ids: [a] })
      expect(leased!.leasedUntil).toBeInstanceOf(Date)
      const before = Date.now()
      await suite.store.failRepair(ns, b, {
        backoffMs: 3_600_000,
        maxAttempts: 5,
        error: 'EmbeddingError: HTTP 503',
      })
      const [failed] = await suite.store.repairIssues(ns, { ids: [b] })
      expect(failed).toMatchObject({
        id: b,
        embedState: 'pending',
        attempts: 1,
        lastError: 'EmbeddingError: HTTP 503',
      })
      expect(failed!.leasedUntil).toBeNull()
      // The database clock and this process's agree to well within the hour of backoff.
      expect(failed!.nextAttemptAt!.getTime()).toBeGreaterThan(before + 3_000_000)

      await suite.store.failRepair(ns, b, { backoffMs: 0, maxAttempts: 2, error: 'EmbeddingError: HTTP 401' })
      expect(await suite.store.repairIssues(ns, { ids: [b] })).toEqual([
        expect.objectContaining({ embedState: 'failed', attempts: 2, lastError: 'EmbeddingError: HTTP 401' }),
      ])
      expect(await suite.store.repairIssues(ns, { ids: [c] })).toEqual([])
      expect(await suite.store.repairIssues(ns, { ids: [] })).toEqual([])
      expect(await suite.store.repairIssues(ns, { limit: 1 })).toHaveLength(1)
      const everywhere = await suite.store.repairIssues()
      expect(everywhere.some((issue) => issue.namespace !== ns)).toBe(true)
      expect(everywhere.every((issue) => !('content' in issue))).toBe(true)
    })

    it('gives released claims back at once, without counting an attempt (releaseClaims)', async () => {
      const ns = uid('release')
      const [a, b] = [uid('a'), uid('b')]
      await suite.store.upsert(ns, [write(a, 'first', null), write(b, 'second', null)])
      const claims = await suite.store.claimPending({ limit: 10, leaseMs: 600_000, namespace: ns })
      expect(claims).toHaveLength(2)
      expect(await suite.store.claimPending({ limit: 10, leaseMs: 600_000, namespace: ns })).toEqual([])
      await suite.store.releaseClaims(claims)
      expect(await suite.store.repairStats(ns)).toEqual({ pending: 2, leased: 0, failed: 0 })
      const again = await suite.store.claimPending({ limit: 10, leaseMs: 600_000, namespace: ns })
      expect(again.map((claim) => [claim.id, claim.attempts]).sort()).toEqual(
        [
          [a, 0],
          [b, 0],
        ].sort(),
      )
      expect((await suite.store.repairIssues(ns)).every((issue) => issue.lastError === null)).toBe(true)
      await suite.store.releaseClaims([])
    })
  })
}
