import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { InMemoryStore } from '@agent-memory/testkit'
import { describe, expect, it } from 'vitest'
import { EmbeddingError } from '../errors/EmbeddingError.js'
import type { Embedder } from '../spec/Embedder.js'
import { createMemory } from './createMemory.js'

const DIMENSIONS = 256

/** The hashing embedder, except that any text containing `POISON` comes back as `poison`. */
function poisonedService(poison: () => Float32Array) {
  const inner = createHashingEmbedder({ dimensions: DIMENSIONS })
  const embedder: Embedder = {
    model: inner.model,
    dimensions: DIMENSIONS,
    async embed(texts, options) {
      const vectors = await inner.embed(texts, options)
      return vectors.map((vector, i) => (texts[i]!.includes('POISON') ? poison() : vector))
    },
  }
  const errors: Array<{ error: unknown; operation: string }> = []
  const store = new InMemoryStore({ dimensions: DIMENSIONS })
  const memory = createMemory({
    store,
    embedder,
    options: { onError: (error, context) => errors.push({ error, operation: context.operation }) },
  })
  return { memory, store, errors }
}

describe('a zero, non-finite or absurd vector from the embedder', () => {
  it.each([
    ['zero', () => new Float32Array(DIMENSIONS)],
    ['NaN', () => new Float32Array(DIMENSIONS).fill(Number.NaN)],
    ['huge', () => new Float32Array(DIMENSIONS).fill(1e6)],
  ])('%s: the memory stays pending with the reason, and search order is untouched', async (_, poison) => {
    const { memory, store, errors } = poisonedService(poison)
    const tea = await memory.remember('u1', { content: 'The user drinks green tea every morning' })
    const poisoned = await memory.remember('u1', { content: 'POISON the user owns a green bicycle' })
    const coffee = await memory.remember('u1', { content: 'The user never drinks coffee' })
    expect(poisoned.degraded).toBe('pending_embed')
    expect((await memory.get('u1', poisoned.id))?.embedState).toBe('pending')
    const reason = errors.find((entry) => entry.operation === 'remember.embed')?.error
    expect(EmbeddingError.isInstance(reason)).toBe(true)
    expect((reason as EmbeddingError).retryable).toBe(false)
    expect((reason as EmbeddingError).message).toMatch(/unusable vector/)

    for (const mode of ['vector', 'hybrid'] as const) {
      const { hits } = await memory.recall('u1', 'green tea morning', { mode, limit: 10, minScore: 0 })
      expect(hits[0]?.memory.id).toBe(tea.id)
      const scores = hits.map((hit) => hit.score)
      expect(scores.every(Number.isFinite)).toBe(true)
      expect([...scores].sort((a, b) => b - a)).toEqual(scores)
      expect(hits.map((hit) => hit.memory.id)).toContain(coffee.id)
    }

    // Repair meets the same answer: the row stays pending, the reason recorded with it.
    expect(await memory.repair()).toMatchObject({ claimed: 1, repaired: 0, failed: 1 })
    expect((await memory.get('u1', poisoned.id))?.embedState).toBe('pending')
    expect(await store.repairStats('u1')).toMatchObject({ pending: 1 })
    expect(errors.some((entry) => entry.operation === 'repair.embed')).toBe(true)
  })

  it('a poisoned query vector falls back to keyword search instead of ranking by NaN', async () => {
    const { memory } = poisonedService(() => new Float32Array(DIMENSIONS))
    await memory.remember('u1', { content: 'The user drinks green tea every morning' })
    const result = await memory.recall('u1', 'POISON green tea')
    expect(result.degraded).toBe('keyword_only')
    expect(result.hits[0]?.memory.content).toBe('The user drinks green tea every morning')
  })
})
