import { describe, expect, test } from 'vitest'
import { EmbeddingCache } from './EmbeddingCache.js'

const vector = (value: number) => new Float32Array([value, 1])

describe('EmbeddingCache', () => {
  test('keeps the most recently used entries within its bound and counts hits and misses', () => {
    const cache = new EmbeddingCache(2)
    cache.set('m', 'query', 'a', vector(1))
    cache.set('m', 'query', 'b', vector(2))
    expect(cache.get('m', 'query', 'a')?.[0]).toBe(1) // a is now the most recent
    cache.set('m', 'query', 'c', vector(3)) // drops b, the least recently used
    expect(cache.get('m', 'query', 'b')).toBeUndefined()
    expect(cache.get('m', 'query', 'a')?.[0]).toBe(1)
    expect(cache.get('m', 'query', 'c')?.[0]).toBe(3)
    expect(cache.stats()).toEqual({ entries: 2, maxEntries: 2, hits: 3, misses: 1, hitRate: 0.75 })
  })

  test('never answers for another model or purpose', () => {
    const cache = new EmbeddingCache(10)
    cache.set('m1', 'query', 'text', vector(1))
    expect(cache.get('m2', 'query', 'text')).toBeUndefined()
    expect(cache.get('m1', 'document', 'text')).toBeUndefined()
    expect(cache.get('m1', 'query', 'text')?.[0]).toBe(1)
  })

  test('a bound of 0 keeps and counts nothing', () => {
    const cache = new EmbeddingCache(0)
    cache.set('m', 'query', 'a', vector(1))
    expect(cache.get('m', 'query', 'a')).toBeUndefined()
    expect(cache.stats()).toEqual({ entries: 0, maxEntries: 0, hits: 0, misses: 0, hitRate: null })
  })
})
