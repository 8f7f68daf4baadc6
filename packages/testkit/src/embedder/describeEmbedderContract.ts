import type { Embedder } from '@agent-memory/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

export interface EmbedderContractOptions {
  /** The embedder promises unit-length vectors (checked to 1e-3). */
  normalized?: boolean
  /** Called once after the suite, e.g. to close a fake server the factory started. */
  teardown?: () => void | Promise<void>
}

const SAMPLE_TEXTS = [
  'The user prefers dark mode in every editor.',
  '用户喜欢在周末去爬山。',
  'Meeting moved to Thursday 3pm',
  'ユーザーは東京に住んでいます',
  'a',
  'Ünïcödé façade — naïve café',
  '🙂 emoji and symbols #42',
]

/**
 * The `Embedder` contract from core (packages/core/src/spec/Embedder.ts), as a vitest suite:
 * one vector per input in input order, the declared dimension, finite numbers, unit norm when
 * promised, determinism, `[]` for `[]`, and rejection with the signal's reason when aborted.
 */
export function describeEmbedderContract(
  name: string,
  factory: () => Embedder | Promise<Embedder>,
  options: EmbedderContractOptions = {},
): void {
  describe(`Embedder contract: ${name}`, () => {
    let embedder: Embedder

    beforeAll(async () => {
      embedder = await factory()
    })
    afterAll(async () => {
      await options.teardown?.()
    })

    it('declares a model id and a positive integer dimension', () => {
      expect(typeof embedder.model).toBe('string')
      expect(embedder.model.length).toBeGreaterThan(0)
      expect(Number.isInteger(embedder.dimensions)).toBe(true)
      expect(embedder.dimensions).toBeGreaterThan(0)
      if (embedder.minScore !== undefined) {
        expect(embedder.minScore).toBeGreaterThanOrEqual(0)
        expect(embedder.minScore).toBeLessThanOrEqual(1)
      }
    })

    it('returns one vector per input, each of the declared dimension with finite numbers', async () => {
      const vectors = await embedder.embed(SAMPLE_TEXTS)
      expect(vectors).toHaveLength(SAMPLE_TEXTS.length)
      for (const vector of vectors) {
        expect(vector).toBeInstanceOf(Float32Array)
        expect(vector).toHaveLength(embedder.dimensions)
        expect(vector.every(Number.isFinite)).toBe(true)
      }
    })

    it('keeps input order: each vector equals the vector of its text embedded alone', async () => {
      const texts = [...SAMPLE_TEXTS].reverse()
      const together = await embedder.embed(texts)
      for (let i = 0; i < texts.length; i++) {
        const [alone] = await embedder.embed([texts[i]!])
        expect(Array.from(together[i]!)).toEqual(Array.from(alone!))
      }
    })

    it('is deterministic: the same text gives the same vector, in any batch', async () => {
      const first = await embedder.embed(['same text', 'other text', 'same text'])
      const second = await embedder.embed(['same text'])
      expect(Array.from(first[0]!)).toEqual(Array.from(first[2]!))
      expect(Array.from(first[0]!)).toEqual(Array.from(second[0]!))
      expect(Array.from(first[0]!)).not.toEqual(Array.from(first[1]!))
    })

    if (options.normalized) {
      it('returns unit-length vectors', async () => {
        const vectors = await embedder.embed(SAMPLE_TEXTS)
        for (const vector of vectors) {
          const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0))
          expect(norm).toBeCloseTo(1, 3)
        }
      })
    }

    it('resolves [] for [] ', async () => {
      await expect(embedder.embed([])).resolves.toEqual([])
    })

    it('rejects with the reason of an already-aborted signal', async () => {
      const reason = new Error('caller gave up')
      const controller = new AbortController()
      controller.abort(reason)
      await expect(embedder.embed(['some text'], { signal: controller.signal })).rejects.toBe(reason)
    })
  })
}
