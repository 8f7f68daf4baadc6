import { describe, expect, test } from 'vitest'
import { EmbeddingCache } from './EmbeddingCache.js'

const vector = (value: number) => new Float32Array([value, 1])
const m = { model: 'm', dimensions: 2 }
const m1 = { model: 'm1', dimensions: 2 }
const m2 = { model: 'm2', dimensions: 2 }

describe('EmbeddingCache', () => {
  test('keeps the most recently used entries within its bound and counts hits and misses', () => {
    const cache = new EmbeddingCache(2)
    cache.set(m, 'query', 'a', vector(1))
    cache.set(m, 'query', 'b', vector(2))
    expect(cache.get(m, 'query', 'a')?.[0]).toBe(1) // a is now the most recent
    cache.set(m, 'query', 'c', vector(3)) // drops b, the least recently used
    expect(cache.get(m, 'query', 'b')).toBeUndefined()
    expect(cache.get(m, 'query', 'a')?.[0]).toBe(1)
    expect(cache.get(m, 'query', 'c')?.[0]).toBe(3)
    expect(cache.stats()).toEqual({ entries: 2, maxEntries: 2, hits: 3, misses: 1, hitRate: 0.75 })
  })

  test('never holds more than its bound, however many texts pass through it', () => {
    const cache = new EmbeddingCache(3)
    for (let i = 0; i < 50; i++) cache.set(m, 'document', `text ${i}`, vector(i))
    expect(cache.stats().entries).toBe(3)
    // The three most recent stay; everything older is gone.
    expect(cache.get(m, 'document', 'text 46')).toBeUndefined()
    expect([47, 48, 49].map((i) => cache.get(m, 'document', `text ${i}`)?.[0])).toEqual([47, 48, 49])
  })

  test('setting a text again refreshes it rather than adding an entry', () => {
    const cache = new EmbeddingCache(2)
    cache.set(m, 'query', 'a', vector(1))
    cache.set(m, 'query', 'b', vector(2))
    cache.set(m, 'query', 'a', vector(1)) // a is now the most recent
    cache.set(m, 'query', 'c', vector(3)) // drops b
    expect(cache.get(m, 'query', 'a')?.[0]).toBe(1)
    expect(cache.get(m, 'query', 'b')).toBeUndefined()
    expect(cache.stats().entries).toBe(2)
  })

  test('keys by the exact text: another spelling or case is another entry', () => {
    const cache = new EmbeddingCache(10)
    cache.set(m, 'query', 'Bob likes tea', vector(1))
    expect(cache.get(m, 'query', 'bob likes tea')).toBeUndefined()
    expect(cache.get(m, 'query', 'Bob likes tea ')).toBeUndefined()
    expect(cache.get(m, 'query', 'Bob likes tea')?.[0]).toBe(1)
  })

  test('never answers for another embedder: a model name served at another width is another embedder', () => {
    const cache = new EmbeddingCache(10)
    cache.set({ model: 'shared-name', dimensions: 2 }, 'query', 'text', vector(1))
    expect(cache.get({ model: 'shared-name', dimensions: 3 }, 'query', 'text')).toBeUndefined()
    expect(cache.get({ model: 'shared-name', dimensions: 2 }, 'query', 'text')?.[0]).toBe(1)
  })

  test('never answers for another model or purpose', () => {
    const cache = new EmbeddingCache(10)
    cache.set(m1, 'query', 'text', vector(1))
    expect(cache.get(m2, 'query', 'text')).toBeUndefined()
    expect(cache.get(m1, 'document', 'text')).toBeUndefined()
    expect(cache.get(m1, 'query', 'text')?.[0]).toBe(1)
  })

  test('a bound of 0 keeps and counts nothing', () => {
    const cache = new EmbeddingCache(0)
    cache.set(m, 'query', 'a', vector(1))
    expect(cache.get(m, 'query', 'a')).toBeUndefined()
    expect(cache.stats()).toEqual({ entries: 0, maxEntries: 0, hits: 0, misses: 0, hitRate: null })
  })
})
