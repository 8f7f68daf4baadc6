import { describe, expect, test } from 'vitest'
import { serviceFixture } from './__fixtures__/serviceFixture.js'

const LONG = Array.from(
  { length: 30 },
  (_, i) => `Paragraph ${i} of the kitchen notes, about soup number ${i}.`,
).join('\n')

describe('embedding cache', () => {
  test('a question asked again costs no embedder call, and stats show the hit', async () => {
    const { memory, embedder } = serviceFixture()
    await memory.remember('u1', { content: 'The user is vegetarian.' })
    const first = await memory.recall('u1', 'Is the user vegetarian?')
    const calls = embedder.calls
    const again = await memory.recall('u1', 'Is the user vegetarian?')
    expect(embedder.calls).toBe(calls)
    expect(again.hits.map((hit) => hit.memory.id)).toEqual(first.hits.map((hit) => hit.memory.id))
    expect(again.degraded).toBeUndefined()
    expect(memory.stats().embeddingCache.queries).toMatchObject({
      entries: 1,
      hits: 1,
      misses: 1,
      hitRate: 0.5,
    })
    // A cached question is answered semantically even while the embedder is down.
    embedder.mode = 'down'
    expect((await memory.recall('u1', 'Is the user vegetarian?')).degraded).toBeUndefined()
    expect((await memory.recall('u1', 'Something new?')).degraded).toBe('keyword_only')
  })

  test('the query cache is bounded and can be turned off', async () => {
    const bounded = serviceFixture({ embeddingCache: { queries: 1 } })
    await bounded.memory.recall('u1', 'first question')
    await bounded.memory.recall('u1', 'second question')
    const calls = bounded.embedder.calls
    await bounded.memory.recall('u1', 'first question') // dropped for the second
    expect(bounded.embedder.calls).toBe(calls + 1)
    expect(bounded.memory.stats().embeddingCache.queries.entries).toBe(1)
    const off = serviceFixture({ embeddingCache: { queries: 0 } })
    await off.memory.recall('u1', 'a question')
    await off.memory.recall('u1', 'a question')
    expect(off.embedder.calls).toBe(2)
    expect(() => serviceFixture({ embeddingCache: { documents: -1 } })).toThrow(/embeddingCache\.documents/)
  })

  test('content embedded once is not embedded again, whatever id or tier it is written under', async () => {
    const { memory, embedder } = serviceFixture()
    await memory.remember('u1', { content: LONG })
    const texts = embedder.seen.length
    expect(texts).toBeGreaterThan(2) // the memory and its chunks
    // An exact live duplicate reinforces (no embedding); another tier, another id or another
    // namespace is a new memory, with the same vectors.
    expect((await memory.remember('u1', { content: LONG })).status).toBe('reinforced')
    await memory.remember('u1', { content: LONG, tier: 'episodic' })
    await memory.rememberMany('u2', [{ content: LONG, id: '01a24978-b1b5-72c7-bbf4-8808e6bd6fef' }])
    expect(embedder.seen.length).toBe(texts)
    const stored = await memory.recall('u2', 'soup number 7')
    expect(stored.hits[0]?.sources).toContain('vector')
    // An edit re-embeds only what changed: the chunks it leaves alone are served from the cache.
    const [edited] = await memory.rememberMany('u1', [{ content: LONG.replace('soup number 29', 'stew') }])
    expect(edited?.status).toBe('inserted')
    const sent = embedder.seen.slice(texts)
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.length).toBeLessThan(texts)
    expect(memory.stats().embeddingCache.documents.hits).toBeGreaterThanOrEqual(2 * texts)
  })

  test('the same text twice in one write is sent once', async () => {
    const { memory, embedder } = serviceFixture({ embeddingCache: { documents: 0 } })
    await memory.rememberMany('u1', [
      { content: 'Same words.', tier: 'semantic' },
      { content: 'Same words.', tier: 'episodic' },
    ])
    expect(embedder.seen).toEqual(['Same words.'])
  })
})
