import { describe, expect, test } from 'vitest'
import { longContent } from './longContent.js'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

/**
 * Content the store already holds embedded is not embedded again: a service starting afresh (its
 * own embedder, empty caches, as a new process) re-ingesting the same texts under new ids or tiers,
 * or updating a memory to a text the namespace holds, reads the stored vectors
 * (`Store.storedEmbeddings`) and calls no embedder. The group needs the store to offer that read.
 */
export function describeStoredVectorScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, timeout } = suite
  describe('vectors reused from the store', () => {
    test(
      'a fresh service re-ingesting stored content calls no embedder, chunks included',
      async () => {
        const ns = 'scenario-stored-vectors'
        const long = longContent('The user stores seeds in labelled paper envelopes in a biscuit tin.')
        const short = 'The user waters the garden at dawn.'
        const first = serviceWith()
        expect(first.store.storedEmbeddings).toBeTypeOf('function')
        const [original] = await first.memory.rememberMany(ns, [{ content: long }, { content: short }])
        const embedded = first.embedder.seen.length
        expect(embedded).toBeGreaterThan(2) // both memories and the long one's chunks
        const other = await first.memory.remember(ns, { content: 'The user keeps bees.' })

        const again = serviceWith()
        // Any embedder call would store the write pending, and the results would say so.
        again.embedder.mode = 'down'
        const results = await again.memory.rememberMany(ns, [
          { content: long, tier: 'episodic' },
          { content: short, tier: 'procedural' },
        ])
        expect(results.map((result) => [result.status, result.degraded])).toEqual([
          ['inserted', undefined],
          ['inserted', undefined],
        ])
        const updated = await again.memory.update(ns, other.id, { content: short })
        expect(updated?.embedState).toBe('ok')
        expect(again.embedder.calls).toBe(0)
        expect(again.errors).toEqual([])
        expect(again.memory.stats().embeddingCache.reusedFromStore).toBe(embedded)

        // The copy carries the original's vectors: its chunk answers a question about its tail.
        again.embedder.mode = 'up'
        const found = await again.memory.recall(ns, 'seeds in labelled paper envelopes', {
          mode: 'vector',
          filter: { tiers: ['episodic'] },
        })
        expect(found.hits[0]?.memory.id).toBe(results[0]?.id)
        expect(found.hits[0]?.memory.id).not.toBe(original?.id)
      },
      timeout,
    )

    test(
      'another spelling of the same content, or another namespace, is embedded',
      async () => {
        const ns = 'scenario-stored-vectors-exact'
        const text = 'The user drinks rooibos in the evening.'
        await serviceWith().memory.remember(ns, { content: text })
        const again = serviceWith()
        await again.memory.remember(ns, { content: text.toUpperCase(), tier: 'episodic' })
        await again.memory.remember(`${ns}-other`, { content: text })
        expect(again.embedder.seen).toEqual([text.toUpperCase(), text])
        expect(again.memory.stats().embeddingCache.reusedFromStore).toBe(0)
      },
      timeout,
    )
  })
}
