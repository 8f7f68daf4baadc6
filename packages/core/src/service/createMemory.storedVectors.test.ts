import { InMemoryStore } from '@agent-memory/testkit'
import { describe, expect, test } from 'vitest'
import { controllableEmbedder, DIMENSIONS } from './__fixtures__/serviceFixture.js'
import { createMemory } from './createMemory.js'

const LONG = Array.from(
  { length: 30 },
  (_, i) => `Paragraph ${i} of the kitchen notes, about soup number ${i}.`,
).join('\n')
const SHORT = 'Bob is allergic to shellfish.'

/** A service as a process starting afresh would open it: its own embedder and empty caches. */
function freshProcess(store: InMemoryStore) {
  const { embedder, state } = controllableEmbedder()
  const errors: string[] = []
  const memory = createMemory({
    store,
    embedder,
    options: { writeEmbedTimeoutMs: 200, onError: (_error, context) => errors.push(context.operation) },
  })
  return { memory, embedder: state, errors }
}

function storeFor(model: string) {
  return new InMemoryStore({ dimensions: DIMENSIONS, model })
}

describe('vectors reused from the store', () => {
  test('a fresh service re-ingesting stored content under new ids or tiers calls no embedder', async () => {
    const store = storeFor(controllableEmbedder().embedder.model)
    const first = freshProcess(store)
    const [long] = await first.memory.rememberMany('u1', [{ content: LONG }, { content: SHORT }])
    const embedded = first.embedder.seen.length
    expect(embedded).toBeGreaterThan(3) // both memories and the long one's chunks

    const again = freshProcess(store)
    // Any embedder call now stores the memory pending: the results would say so.
    again.embedder.mode = 'down'
    const results = await again.memory.rememberMany('u1', [
      { content: LONG, id: '01a24978-b1b5-72c7-bbf4-8808e6bd6fef' },
      { content: SHORT, tier: 'episodic' },
      { content: SHORT, tier: 'procedural', id: '01a24978-b1b5-72c7-bbf4-8808e6bd6ff0' },
    ])
    expect(again.embedder.calls).toBe(0)
    expect(results.map((result) => [result.status, result.degraded])).toEqual([
      ['inserted', undefined],
      ['inserted', undefined],
      ['inserted', undefined],
    ])
    expect(again.errors).toEqual([])
    // Each distinct text is read back once (the repeated one is asked for once in the pass) …
    expect(again.memory.stats().embeddingCache.reusedFromStore).toBe(embedded)
    // … and primes the cache: the next write of it is a cache hit, with no read at all.
    await again.memory.remember('u1', { content: SHORT, tier: 'working' })
    expect(again.memory.stats().embeddingCache.documents.hits).toBe(1)
    expect(again.memory.stats().embeddingCache.reusedFromStore).toBe(embedded)
    expect(again.embedder.calls).toBe(0)
    // The copies carry the vectors (and chunk vectors) of the originals: found by the vector leg.
    const copy = await store.get('u1', '01a24978-b1b5-72c7-bbf4-8808e6bd6fef')
    expect(copy?.embedState).toBe('ok')
    again.embedder.mode = 'up'
    const found = await again.memory.recall('u1', 'soup number 7')
    expect(found.hits.find((hit) => hit.memory.id === copy?.id)?.sources).toContain('vector')
    expect(long?.id).not.toBe(copy?.id)
  })

  test('an update back to a text the namespace holds reads its vector instead of embedding it', async () => {
    const store = storeFor(controllableEmbedder().embedder.model)
    const first = freshProcess(store)
    await first.memory.remember('u1', { content: SHORT })
    const other = await first.memory.remember('u1', { content: 'Bob likes tea.' })
    const again = freshProcess(store)
    again.embedder.mode = 'down'
    const updated = await again.memory.update('u1', other.id, { content: SHORT })
    expect(updated?.embedState).toBe('ok')
    expect(again.embedder.calls).toBe(0)
    expect(again.memory.stats().embeddingCache.reusedFromStore).toBe(1)
  })

  test('only the exact text is reused: another case, another namespace or another model is embedded', async () => {
    const model = controllableEmbedder().embedder.model
    const store = storeFor(model)
    await freshProcess(store).memory.remember('u1', { content: SHORT })
    const again = freshProcess(store)
    // Same fingerprint (it is case-folded), other text: the vector of the stored text would be wrong.
    await again.memory.remember('u1', { content: SHORT.toUpperCase(), tier: 'episodic' })
    expect(again.embedder.seen).toEqual([SHORT.toUpperCase()])
    // Vectors are read from the namespace being written, never another user's.
    await again.memory.remember('u2', { content: SHORT })
    expect(again.embedder.seen).toEqual([SHORT.toUpperCase(), SHORT])
    expect(again.memory.stats().embeddingCache.reusedFromStore).toBe(0)

    // A store recorded for another model hands out no vectors.
    const foreign = new InMemoryStore({ dimensions: DIMENSIONS, model: 'another-model' })
    await foreign.upsert('u1', [
      {
        id: '01a24978-b1b5-72c7-bbf4-8808e6bd6ff1',
        tier: 'semantic',
        content: SHORT,
        fingerprint: (await store.list('u1'))[0]!.fingerprint,
        embedding: new Float32Array(DIMENSIONS).fill(1 / Math.sqrt(DIMENSIONS)),
      },
    ])
    const other = freshProcess(foreign)
    await other.memory.remember('u1', { content: SHORT, tier: 'episodic' })
    expect(other.embedder.seen).toEqual([SHORT])
  })

  test('a failed read of the stored vectors is reported and the text embedded as usual', async () => {
    const store = storeFor(controllableEmbedder().embedder.model)
    await freshProcess(store).memory.remember('u1', { content: SHORT })
    store.storedEmbeddings = async () => {
      throw new Error('connection lost')
    }
    const again = freshProcess(store)
    const result = await again.memory.remember('u1', { content: SHORT, tier: 'episodic' })
    expect(result.degraded).toBeUndefined()
    expect(again.embedder.seen).toEqual([SHORT])
    expect(again.errors).toEqual(['remember.reuse'])
  })
})
