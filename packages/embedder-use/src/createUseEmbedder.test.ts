import { InvalidArgumentError } from '@agent-memory/core'
import { describeEmbedderContract } from '@agent-memory/testkit'
import { describe, expect, it } from 'vitest'
import { createUseEmbedder, USE_DEFAULT_MIN_SCORE } from './createUseEmbedder.js'

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0)

describeEmbedderContract('Universal Sentence Encoder lite', () => createUseEmbedder(), { normalized: true })

describe('createUseEmbedder', () => {
  const embedder = createUseEmbedder()

  it('declares itself semantic, 512 wide, with the calibrated threshold and the weights in its model id', () => {
    expect(embedder.lexical).toBe(false)
    expect(embedder.dimensions).toBe(512)
    expect(embedder.minScore).toBe(USE_DEFAULT_MIN_SCORE)
    expect(embedder.model).toBe('energetic-ai/universal-sentence-encoder-lite-en@0.2.0')
  })

  it('orders meaning, not wording: a paraphrase with no shared content word is nearer than an unrelated sentence', async () => {
    const [puppy, dog, market] = await embedder.embed([
      'I adopted a puppy last week.',
      'We got a new dog.',
      'The stock market fell sharply today.',
    ])
    expect(cosine(puppy!, dog!)).toBeGreaterThan(cosine(puppy!, market!) + 0.2)
    expect(cosine(dog!, puppy!)).toBeGreaterThan(cosine(dog!, market!) + 0.2)
  })

  it('embeds empty and whitespace-only text as one fixed unit vector', async () => {
    const [empty, blank] = await embedder.embed(['', ' \n\t'])
    expect(Array.from(empty!)).toEqual(Array.from(blank!))
    expect(Math.hypot(...empty!)).toBeCloseTo(1, 3)
  })

  it('rejects a minScore outside [0, 1] and texts that are not strings', async () => {
    expect(() => createUseEmbedder({ minScore: 1.5 })).toThrow(InvalidArgumentError)
    expect(() => createUseEmbedder({ minScore: Number.NaN })).toThrow(InvalidArgumentError)
    await expect(embedder.embed([42 as unknown as string])).rejects.toThrow(InvalidArgumentError)
  })

  it('an abort between slices rejects with the reason', async () => {
    const controller = new AbortController()
    const reason = new Error('stop')
    const texts = Array.from({ length: 40 }, (_, i) => `sentence ${i}`)
    const pending = embedder.embed(texts, { signal: controller.signal })
    setImmediate(() => controller.abort(reason))
    await expect(pending).rejects.toBe(reason)
  })
})
