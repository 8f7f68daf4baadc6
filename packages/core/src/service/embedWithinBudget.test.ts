import { describe, expect, it } from 'vitest'
import { EmbeddingError } from '../errors/EmbeddingError.js'
import type { Embedder, EmbedOptions } from '../spec/Embedder.js'
import { embedWithinBudget } from './embedWithinBudget.js'

const DIMENSIONS = 4

/** An embedder answering each text with the vector `answer` gives it, recording its options. */
function scriptedEmbedder(answer: (text: string) => number[]) {
  const calls: EmbedOptions[] = []
  const embedder: Embedder = {
    model: 'scripted',
    dimensions: DIMENSIONS,
    async embed(texts, options = {}) {
      calls.push(options)
      return texts.map((text) => Float32Array.from(answer(text)))
    },
  }
  return { embedder, calls }
}

const budget = { timeoutMs: 5000, purpose: 'document' as const, batchSize: 2 }

describe('embedWithinBudget: the vector edge every embedder passes', () => {
  it.each([
    ['a zero vector', [0, 0, 0, 0], /text 2 of 3: all zeros/],
    ['NaN', [1, Number.NaN, 0, 0], /non-finite value \(NaN\) at position 1/],
    ['Infinity', [Number.POSITIVE_INFINITY, 0, 0, 0], /non-finite value \(Infinity\) at position 0/],
    ['a vanishing norm', [1e-6, 0, 0, 0], /norm 1\.00e-6, outside 0\.0001 to 10000/],
    ['a huge norm', [3e5, 4e5, 0, 0], /norm 5\.00e\+5, outside 0\.0001 to 10000/],
  ])('refuses %s as a non-retryable EmbeddingError', async (_, bad, message) => {
    const { embedder } = scriptedEmbedder((text) => (text === 'bad' ? bad : [0.6, 0.8, 0, 0]))
    const error = await embedWithinBudget(embedder, ['good', 'bad', 'good'], budget).catch((e: unknown) => e)
    expect(EmbeddingError.isInstance(error)).toBe(true)
    expect((error as EmbeddingError).retryable).toBe(false)
    expect((error as EmbeddingError).message).toMatch(message)
  })

  it('accepts unnormalised vectors (cosine ignores the norm)', async () => {
    const { embedder } = scriptedEmbedder(() => [12, 16, 0, 0])
    const vectors = await embedWithinBudget(embedder, ['a', 'b', 'c'], budget)
    expect(vectors.map((v) => Array.from(v))).toEqual([
      [12, 16, 0, 0],
      [12, 16, 0, 0],
      [12, 16, 0, 0],
    ])
  })

  it('tells the embedder how long it will wait, shrinking across batches', async () => {
    const { embedder, calls } = scriptedEmbedder(() => [1, 0, 0, 0])
    await embedWithinBudget(embedder, ['a', 'b', 'c'], budget)
    expect(calls).toHaveLength(2)
    for (const call of calls) {
      expect(call.timeoutMs).toBeGreaterThan(0)
      expect(call.timeoutMs).toBeLessThanOrEqual(5000)
    }
    expect(calls[1]!.timeoutMs!).toBeLessThanOrEqual(calls[0]!.timeoutMs!)
  })
})
