import { describe, expect, it } from 'vitest'
import { describeEmbeddingCache } from './describeEmbeddingCache.js'

const cache = (hits: number, misses: number, maxEntries = 1000) => ({
  entries: Math.min(misses, maxEntries),
  maxEntries,
  hits,
  misses,
  hitRate: hits + misses === 0 ? null : hits / (hits + misses),
})

describe('describeEmbeddingCache', () => {
  it('gives each cache its hits of its look-ups and rate, and the vectors reused from the store', () => {
    expect(
      describeEmbeddingCache({
        embeddingCache: { queries: cache(2, 1), documents: cache(10, 30), reusedFromStore: 1 },
      }),
    ).toBe(
      'queries 2 of 3 from the cache (67 %), writes 10 of 40 from the cache (25 %), 1 vector reused from the store',
    )
  })

  it('says when a cache is off or has not been asked yet', () => {
    expect(
      describeEmbeddingCache({
        embeddingCache: { queries: cache(0, 0), documents: cache(0, 0, 0), reusedFromStore: 0 },
      }),
    ).toBe('queries none yet, writes off, 0 vectors reused from the store')
  })
})
