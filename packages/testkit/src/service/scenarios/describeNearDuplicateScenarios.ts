import { describe, expect, test } from 'vitest'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

/**
 * Near-duplicate hints on write: a write reports the live memories it nearly duplicates (from the
 * embedder's `duplicateScore` up), merges nothing, and never reports itself, a forgotten or
 * superseded memory, or anything when it has no vector yet.
 */
export function describeNearDuplicateScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, timeout } = suite
  describe('near-duplicates', () => {
    test(
      'remember reports the memory it nearly duplicates, with its cosine, and keeps both',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-similar-remember'
        const first = await memory.remember(ns, { content: 'Ada likes green tea.' })
        expect(first.similar).toBeUndefined()
        const unrelated = await memory.remember(ns, { content: 'The user repairs vintage bicycles.' })
        expect(unrelated.similar).toBeUndefined()
        const second = await memory.remember(ns, { content: 'Ada really likes green tea.' })
        expect(second.status).toBe('inserted')
        expect(second.similar?.map((hit) => hit.id)).toEqual([first.id])
        const score = second.similar![0]!.score
        expect(score).toBeGreaterThanOrEqual(memory.duplicateScore)
        expect(score).toBeLessThan(1)
        // Nothing merged: both are live.
        expect((await memory.list(ns)).map((m) => m.id).sort()).toEqual(
          [first.id, second.id, unrelated.id].sort(),
        )
        // An exact duplicate is reinforced as before, with no hint.
        expect(await memory.remember(ns, { content: 'Ada likes green tea.' })).toEqual({
          id: first.id,
          status: 'reinforced',
        })
      },
      timeout,
    )

    test(
      'forgotten and superseded memories are not reported; supersede leaves out the fact it replaces',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-similar-liveness'
        const gone = await memory.remember(ns, { content: 'The user keeps bees on the roof.' })
        await memory.forget(ns, gone.id)
        expect(
          (await memory.remember(ns, { content: 'The user keeps bees on their roof.' })).similar,
        ).toBeUndefined()
        const city = await memory.remember(ns, { content: 'The user lives in Lisbon.' })
        const moved = await memory.supersede(ns, city.id, { content: 'The user lives in Lisbon, Portugal.' })
        expect(moved.similar).toBeUndefined()
        const again = await memory.remember(ns, { content: 'The user lives in Lisbon, in Portugal.' })
        expect(again.similar?.map((hit) => hit.id)).toEqual([moved.id])
      },
      timeout,
    )

    test(
      'rememberMany reports them with similar: true (batch members included); a pending write reports none',
      async () => {
        const { memory, embedder } = serviceWith({ writeEmbedTimeoutMs: 200 })
        const ns = 'scenario-similar-batch'
        const plain = await memory.rememberMany(ns, [
          { content: 'The user plays the cello in an orchestra.' },
        ])
        expect(plain[0]!.similar).toBeUndefined()
        const [a, b] = await memory.rememberMany(
          ns,
          [{ content: 'The user plays cello in an orchestra.' }, { content: 'The user grows tomatoes.' }],
          { similar: true },
        )
        expect(a!.similar?.map((hit) => hit.id)).toEqual([plain[0]!.id])
        expect(b!.similar).toBeUndefined()
        embedder.mode = 'down'
        const pending = await memory.remember(ns, { content: 'The user plays the cello in a big orchestra.' })
        expect(pending.degraded).toBe('pending_embed')
        expect(pending.similar).toBeUndefined()
        embedder.mode = 'up'
      },
      timeout,
    )
  })
}
