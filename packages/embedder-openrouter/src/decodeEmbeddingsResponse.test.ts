import { EmbeddingError } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import { decodeEmbeddingsResponse } from './decodeEmbeddingsResponse.js'

const identity = (text: string) => text
const vectorOf = (dimensions: number, seed: number) =>
  Float32Array.from({ length: dimensions }, (_, i) => Math.sin(seed * 31 + i) / (i + 1))
const base64Of = (vector: Float32Array) =>
  Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64')
const decode = (embeddings: unknown[], dimensions: number) =>
  decodeEmbeddingsResponse(
    { data: embeddings.map((embedding, index) => ({ index, embedding })) },
    { count: embeddings.length, dimensions, model: 'm' },
    () => 'excerpt',
    identity,
  ).vectors

describe('decodeEmbeddingsResponse', () => {
  // 1, 2 and 3 floats are 4, 8 and 12 bytes: base64 with two, one and no '=' of padding.
  it.each([1, 2, 3, 1536])('decodes %i-dimensional base64 vectors exactly', (dimensions) => {
    const vectors = [vectorOf(dimensions, 1), vectorOf(dimensions, 2)]
    const decoded = decode(vectors.map(base64Of), dimensions)
    expect(decoded.map((v) => Array.from(v))).toEqual(vectors.map((v) => Array.from(v)))
  })

  it('decodes base64 without padding or with line breaks as before', () => {
    const vector = vectorOf(5, 3)
    const canonical = base64Of(vector)
    const unpadded = canonical.replace(/=+$/, '')
    const wrapped = `${canonical.slice(0, 8)}\n${canonical.slice(8)}`
    for (const text of [unpadded, wrapped]) {
      expect(Array.from(decode([text], 5)[0]!)).toEqual(Array.from(vector))
    }
  })

  it('names the first non-finite value of a base64 or float vector', () => {
    const vector = vectorOf(8, 4)
    vector[5] = Number.POSITIVE_INFINITY
    vector[6] = Number.NaN
    expect(() => decode([base64Of(vector)], 8)).toThrow(/embedding 0 holds a non-finite value at position 5/)
    const floats = Array.from(vectorOf(4, 5)) as unknown[]
    floats[2] = null
    expect(() => decode([floats], 4)).toThrow(/position 2/)
  })

  it('rejects base64 that is not whole floats, and a wrong dimension without retry', () => {
    const bytes = Buffer.from([1, 2, 3, 4, 5, 6]).toString('base64')
    expect(() => decode([bytes], 2)).toThrow(/no embedding array or base64 string/)
    const error = (() => {
      try {
        decode([base64Of(vectorOf(3, 6))], 4)
      } catch (caught) {
        return caught
      }
    })()
    expect(EmbeddingError.isInstance(error)).toBe(true)
    expect((error as EmbeddingError).retryable).toBe(false)
    expect((error as EmbeddingError).message).toMatch(/expected 4 dimensions, got 3/)
  })
})
