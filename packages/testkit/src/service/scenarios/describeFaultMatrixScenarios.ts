import { describe, expect, test } from 'vitest'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

/** The fault matrix: parallel identical writes (one row, the rest reinforce) and stored zero vectors (never rank). */
export function describeFaultMatrixScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, timeout } = suite
  describe('fault matrix', () => {
    test(
      'fault matrix: 8 parallel identical remembers leave one memory and 7 reinforcements (5 trials)',
      async () => {
        const { memory } = serviceWith()
        for (let trial = 0; trial < 5; trial++) {
          const ns = `fault-dedup-${trial}`
          const content = `The user parks the blue bicycle in shed number ${trial}`
          const results = await Promise.all(Array.from({ length: 8 }, () => memory.remember(ns, { content })))
          const ids = new Set(results.map((result) => result.id))
          expect(ids.size).toBe(1)
          expect(results.filter((result) => result.status === 'inserted')).toHaveLength(1)
          expect(results.filter((result) => result.status === 'reinforced')).toHaveLength(7)
          const stored = await memory.list(ns)
          expect(stored).toHaveLength(1)
          expect(stored[0]?.accessCount).toBe(7)
        }
      },
      timeout * 4,
    )

    test(
      'fault matrix: 8 parallel unlessDuplicate upserts of one fingerprint write one row',
      async () => {
        const { store } = serviceWith()
        const ns = 'fault-upsert-dedup'
        const vector = new Float32Array(store.dimensions)
        vector[0] = 1
        const outcomes = (
          await Promise.all(
            Array.from({ length: 8 }, (_, i) =>
              store.upsert(ns, [
                {
                  id: `racer-${i}`,
                  tier: 'semantic',
                  content: 'same text',
                  fingerprint: 'fp-same',
                  embedding: vector,
                  unlessDuplicate: true,
                },
              ]),
            ),
          )
        ).flat()
        const inserted = outcomes.filter((outcome) => outcome.status === 'inserted')
        expect(inserted).toHaveLength(1)
        expect(outcomes.filter((outcome) => outcome.status === 'duplicate')).toEqual(
          Array(7).fill({ id: inserted[0]!.id, status: 'duplicate' }),
        )
        expect((await store.list(ns)).map((m) => m.id)).toEqual([inserted[0]!.id])
        // Another tier, or a superseded holder, is no duplicate.
        const [otherTier] = await store.upsert(ns, [
          {
            id: 'other-tier',
            tier: 'episodic',
            content: 'same text',
            fingerprint: 'fp-same',
            embedding: vector,
            unlessDuplicate: true,
          },
        ])
        expect(otherTier?.status).toBe('inserted')
      },
      timeout,
    )

    test(
      'fault matrix: a stored zero vector never reorders vector or hybrid recall in its namespace',
      async () => {
        const { memory, store } = serviceWith()
        const ns = 'fault-zero-vector'
        const written = await memory.rememberMany(ns, [
          { content: 'The user grows basil and thyme on the kitchen windowsill' },
          { content: 'The user drives an old green Volvo estate' },
          { content: 'The user likes basil pesto on fresh pasta' },
          { content: 'The user has a standing desk by the window' },
        ])
        const before = await memory.recall(ns, 'basil on the windowsill', { mode: 'vector', limit: 10 })
        // A memory whose vector is all zeros (a remote embedder answered zeros, before the
        // embedder edge refused them): its cosine distance is NaN.
        const zero = new Float32Array(store.dimensions)
        await store.upsert(ns, [
          {
            id: 'zero-vector',
            tier: 'semantic',
            content: 'The user owns a zero vector',
            fingerprint: 'zero',
            embedding: zero,
          },
        ])
        for (const mode of ['vector', 'hybrid'] as const) {
          const { hits } = await memory.recall(ns, 'basil on the windowsill', { mode, limit: 10 })
          const ranked = hits.filter((hit) => hit.memory.id !== 'zero-vector')
          expect(ranked.map((hit) => hit.memory.id).slice(0, before.hits.length)).toEqual(
            before.hits
              .map((hit) => hit.memory.id)
              .filter((id) => ranked.some((hit) => hit.memory.id === id)),
          )
          expect(ranked[0]?.memory.id).toBe(written[0]!.id)
          for (const hit of hits) expect(Number.isFinite(hit.score)).toBe(true)
          for (let i = 1; i < hits.length; i++)
            expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score)
        }
        expect(await store.searchVector(ns, zero, { limit: 10 })).toEqual(
          (await store.searchVector(ns, zero, { limit: 10 })).filter((hit) => Number.isFinite(hit.score)),
        )
      },
      timeout,
    )
  })
}
