import { describe, expect, test, vi } from 'vitest'
import { LONG_TAIL } from './LONG_TAIL.js'
import { longContent } from './longContent.js'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

/** The degraded paths: embedder down or too slow on write (stored pending, then `repair`) and on read (keyword-only, flagged). */
export function describeDegradedScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, chunkCount, expectUnitScores, timeout } = suite
  describe('degraded paths', () => {
    test(
      'embedder down on write: stored pending, repaired later, then found by vector search',
      async () => {
        const { memory, store, embedder, errors } = serviceWith()
        const ns = 'scenario-pending'
        embedder.mode = 'down'
        const short = await memory.remember(ns, { content: 'The user plays the cello on weekends' })
        const long = await memory.remember(ns, { content: longContent(LONG_TAIL.text) })
        for (const result of [short, long]) {
          expect(result).toMatchObject({ status: 'inserted', degraded: 'pending_embed' })
          expect((await memory.get(ns, result.id))?.embedState).toBe('pending')
        }
        expect(errors).toContain('remember.embed')
        expect(await chunkCount(store, ns)).toBe(0)

        embedder.mode = 'up'
        expect((await memory.recall(ns, 'cello weekends', { mode: 'vector' })).hits).toEqual([])
        // The keyword leg still finds it. No cosine was measured; the suite's embedder is lexical, so the
        // keyword match is judged on its own evidence: both query words are in the memory.
        const hybrid = await memory.recall(ns, 'cello weekends')
        expect(hybrid.hits.map((hit) => hit.memory.id)).toEqual([short.id])
        expect(hybrid.hits[0]?.sources).toEqual(['keyword'])
        expect(hybrid.hits[0]!.scores.semantic).toBeUndefined()
        expect(hybrid.hits[0]!.scores.relevance).toBeGreaterThanOrEqual(memory.minScore)
        // Let that recall's background reinforcement land: a claim skips rows another
        // transaction holds (SKIP LOCKED, so parallel repair workers never collide).
        await vi.waitFor(async () => {
          expect((await memory.get(ns, short.id))?.accessCount).toBe(1)
        })

        expect(await memory.repair({ namespace: ns })).toEqual({
          claimed: 2,
          repaired: 2,
          discarded: 0,
          failed: 0,
          parked: 0,
          released: 0,
        })
        expect((await memory.get(ns, short.id))?.embedState).toBe('ok')
        expect((await memory.get(ns, long.id))?.embedState).toBe('ok')
        const found = await memory.recall(ns, 'cello weekends', { mode: 'vector' })
        expect(found.hits[0]?.memory.id).toBe(short.id)
        expect(found.hits[0]?.sources).toEqual(['vector'])
        expect(found.hits[0]!.scores.relevance).toBeGreaterThanOrEqual(memory.minScore)
        // Repair also wrote the long memory's chunks.
        expect(await chunkCount(store, ns)).toBeGreaterThan(1)
        const tail = await memory.recall(ns, LONG_TAIL.query, { mode: 'vector' })
        expect(tail.hits[0]?.memory.id).toBe(long.id)
        expect(tail.hits[0]?.matchedChunk?.text).toContain('Marguerite')
        expect((await memory.repair({ namespace: ns })).claimed).toBe(0)
      },
      timeout,
    )

    test(
      'an embedder slower than the write budget leaves the memory pending',
      async () => {
        const { memory, embedder, errors } = serviceWith({ writeEmbedTimeoutMs: 50 })
        const ns = 'scenario-slow'
        embedder.mode = 'hang'
        const result = await memory.remember(ns, { content: 'The user repairs mechanical watches' })
        expect(result).toMatchObject({ status: 'inserted', degraded: 'pending_embed' })
        expect((await memory.get(ns, result.id))?.embedState).toBe('pending')
        expect(errors).toContain('remember.embed')
        embedder.mode = 'up'
        expect(await memory.repair({ namespace: ns })).toMatchObject({ claimed: 1, repaired: 1 })
        const found = await memory.recall(ns, 'repairs mechanical watches', { mode: 'vector' })
        expect(found.hits[0]?.memory.id).toBe(result.id)
      },
      timeout,
    )

    test(
      'embedder down or hanging on read: keyword-only hits, flagged',
      async () => {
        const { memory, embedder, errors } = serviceWith()
        const ns = 'scenario-read-down'
        const bicycle = await memory.remember(ns, { content: 'The user drives a blue bicycle to work' })
        await memory.remember(ns, { content: 'The user likes green tea' })
        embedder.mode = 'down'
        const result = await memory.recall(ns, 'blue bicycle', { minScore: 0.99 })
        expect(result.degraded).toBe('keyword_only')
        expect(result.hits.map((hit) => hit.memory.id)).toEqual([bicycle.id])
        expect(result.hits[0]?.sources).toEqual(['keyword'])
        expect(result.hits[0]?.score).toBeGreaterThan(0)
        expectUnitScores(result.hits)
        expect(errors).toContain('recall.embed')

        const slow = serviceWith({ queryEmbedTimeoutMs: 50 })
        slow.embedder.mode = 'hang'
        const hung = await slow.memory.recall(ns, 'green tea')
        expect(hung.degraded).toBe('keyword_only')
        expect(hung.hits.map((hit) => hit.memory.content)).toEqual(['The user likes green tea'])
      },
      timeout,
    )

    test(
      'a failed repair says why: the last error, attempts and the next attempt time (repairIssues)',
      async () => {
        const { memory, embedder } = serviceWith({ repair: { baseBackoffMs: 60_000, maxBackoffMs: 60_000 } })
        const ns = 'scenario-say-why'
        embedder.mode = 'down'
        const stored = await memory.remember(ns, { content: 'The user restores old typewriters' })
        expect(await memory.repairIssues(ns, { ids: [stored.id] })).toEqual([
          expect.objectContaining({ id: stored.id, attempts: 0, lastError: null, embedState: 'pending' }),
        ])
        const startedAt = Date.now()
        expect(await memory.repair({ namespace: ns })).toMatchObject({ claimed: 1, failed: 1 })
        const [issue] = await memory.repairIssues(ns, { ids: [stored.id] })
        expect(issue).toMatchObject({ namespace: ns, id: stored.id, embedState: 'pending', attempts: 1 })
        expect(issue!.lastError).toBe('EmbeddingError: embedder unreachable')
        expect(issue!.leasedUntil).toBeNull()
        // Full jitter: somewhere in the next minute, never before now.
        expect(issue!.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 1_000)
        expect(issue!.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + 61_000)
        expect(await memory.repairIssues('scenario-say-why-elsewhere')).toEqual([])
        await expect(memory.repairIssues(ns, { limit: 0 })).rejects.toMatchObject({ reason: 'validation' })
      },
      timeout,
    )

    test(
      'an aborted repair gives its batch back: no attempt counted, no backoff, claimable at once',
      async () => {
        const { memory, store, embedder } = serviceWith({
          repair: { baseBackoffMs: 3_600_000, maxBackoffMs: 3_600_000 },
        })
        const ns = 'scenario-repair-abort'
        embedder.mode = 'down'
        const stored = await memory.rememberMany(ns, [
          { content: 'The user keeps bees on the roof' },
          { content: 'The user bakes rye bread on Sundays' },
        ])
        embedder.mode = 'hang'
        const controller = new AbortController()
        const pass = memory.repair({ namespace: ns, signal: controller.signal })
        const callsBefore = embedder.calls
        // Abort once the embed call is in flight (the batch is claimed and leased by then).
        await vi.waitFor(() => expect(embedder.calls).toBeGreaterThan(callsBefore))
        expect((await memory.repairIssues(ns)).map((issue) => issue.leasedUntil !== null)).toEqual([
          true,
          true,
        ])
        controller.abort(new Error('stopped by the operator'))
        expect(await pass).toEqual({
          claimed: 2,
          repaired: 0,
          discarded: 0,
          failed: 0,
          parked: 0,
          released: 2,
        })
        for (const issue of await memory.repairIssues(ns)) {
          expect(issue).toMatchObject({
            attempts: 0,
            lastError: null,
            nextAttemptAt: null,
            leasedUntil: null,
          })
        }
        if ('repairStats' in store) {
          expect(await (store as { repairStats(ns: string): Promise<unknown> }).repairStats(ns)).toEqual({
            pending: 2,
            leased: 0,
            failed: 0,
          })
        }
        embedder.mode = 'up'
        expect(await memory.repair({ namespace: ns })).toMatchObject({ claimed: 2, repaired: 2, released: 0 })
        for (const { id } of stored) expect((await memory.get(ns, id))?.embedState).toBe('ok')
      },
      timeout,
    )
  })
}
