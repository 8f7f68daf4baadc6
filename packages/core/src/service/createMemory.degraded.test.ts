import { describe, expect, test } from 'vitest'
import { serviceFixture } from './__fixtures__/serviceFixture.js'

describe('degraded paths', () => {
  test('embedder down on write: stored pending, repaired later, then found by vector search', async () => {
    const { memory, embedder, store } = serviceFixture()
    embedder.mode = 'down'
    const result = await memory.remember('u1', { content: 'The user plays the cello on weekends' })
    expect(result).toMatchObject({ status: 'inserted', degraded: 'pending_embed' })
    expect((await memory.get('u1', result.id))?.embedState).toBe('pending')
    embedder.mode = 'up'
    expect((await memory.recall('u1', 'cello weekends', { mode: 'vector' })).hits).toEqual([])
    // The keyword leg still finds it; with no measured cosine its score stays under the threshold.
    const hybrid = await memory.recall('u1', 'cello weekends')
    expect(hybrid.hits.map((h) => h.memory.id)).toEqual([result.id])
    expect(hybrid.hits[0]?.sources).toEqual(['keyword'])
    expect(hybrid.hits[0]?.scores.relevance).toBeLessThan(memory.minScore)

    expect(await memory.repair()).toEqual({
      claimed: 1,
      repaired: 1,
      discarded: 0,
      failed: 0,
      parked: 0,
      released: 0,
    })
    expect((await memory.get('u1', result.id))?.embedState).toBe('ok')
    const found = await memory.recall('u1', 'cello weekends', { mode: 'vector' })
    expect(found.hits[0]?.memory.id).toBe(result.id)
    expect(found.hits[0]?.sources).toEqual(['vector'])
    expect(await store.repairStats('u1')).toEqual({ pending: 0, leased: 0, failed: 0 })
  })

  test('an embedder slower than the write budget leaves the memory pending', async () => {
    for (const mode of ['hang', 'hang-ignoring-signal'] as const) {
      const { memory, embedder } = serviceFixture({ writeEmbedTimeoutMs: 30 })
      embedder.mode = mode
      const result = await memory.remember('u1', { content: 'slow write' })
      expect(result.degraded).toBe('pending_embed')
      expect((await memory.get('u1', result.id))?.embedState).toBe('pending')
    }
  })

  test('embedder down on read: keyword-only results, flagged, scores in [0,1]', async () => {
    const { memory, embedder, errors } = serviceFixture()
    await memory.remember('u1', { content: 'The user drives a blue bicycle to work' })
    await memory.remember('u1', { content: 'The user likes green tea' })
    embedder.mode = 'down'
    const result = await memory.recall('u1', 'blue bicycle', { minScore: 0.99 })
    expect(result.degraded).toBe('keyword_only')
    expect(result.hits.map((h) => h.memory.content)).toEqual(['The user drives a blue bicycle to work'])
    expect(result.hits[0]?.sources).toEqual(['keyword'])
    expect(result.hits[0]?.scores.relevance).toBe(1)
    expect(errors.some((e) => e.operation === 'recall.embed')).toBe(true)
    embedder.mode = 'hang'
    expect((await memory.recall('u1', 'green tea')).degraded).toBe('keyword_only')
  })

  test('content changed while repair was embedding: the stale vector is discarded', async () => {
    const { memory, embedder } = serviceFixture()
    embedder.mode = 'down'
    const result = await memory.remember('u1', { content: 'The user owns two cats' })
    embedder.mode = 'up'
    embedder.beforeAnswer = async () => {
      embedder.beforeAnswer = undefined
      embedder.mode = 'down'
      await memory.update('u1', result.id, { content: 'The user owns three cats' })
      embedder.mode = 'up'
    }
    expect(await memory.repair()).toMatchObject({ claimed: 1, repaired: 0, discarded: 1 })
    const stored = await memory.get('u1', result.id)
    expect(stored).toMatchObject({ content: 'The user owns three cats', embedState: 'pending' })
    expect(await memory.repair()).toMatchObject({ claimed: 1, repaired: 1 })
    const hits = await memory.recall('u1', 'three cats', { mode: 'vector' })
    expect(hits.hits[0]?.memory.content).toBe('The user owns three cats')
  })

  test('repair backs off after a failure and parks after maxAttempts', async () => {
    const { memory, embedder, clock, store } = serviceFixture({
      repair: { maxAttempts: 2, baseBackoffMs: 1_000, maxBackoffMs: 60_000 },
    })
    embedder.mode = 'down'
    await memory.remember('u1', { content: 'flaky' })
    expect(await memory.repair()).toMatchObject({ claimed: 1, failed: 1, parked: 0 })
    expect((await memory.repair()).claimed).toBe(0)
    clock.advance(1_000)
    expect(await memory.repair()).toMatchObject({ claimed: 1, failed: 0, parked: 1 })
    expect(await store.repairStats('u1')).toEqual({ pending: 0, leased: 0, failed: 1 })
  })

  test('background reinforcement failures go to onError, never to an unhandled rejection', async () => {
    const { memory, store, errors } = serviceFixture()
    await memory.remember('u1', { content: 'reinforce me' })
    store.reinforce = async () => {
      throw new Error('database went away')
    }
    const result = await memory.recall('u1', 'reinforce me')
    expect(result.hits).toHaveLength(1)
    await memory.flush() // reports, never throws
    expect(errors.map((e) => e.operation)).toContain('recall.reinforce')
  })
})
