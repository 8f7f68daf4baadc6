import type { EmbeddingCacheStats, MemoryServiceStats } from '@agent-memory/core'

const percent = (rate: number) => `${Math.round(rate * 100)} %`

function describeCache(name: string, cache: EmbeddingCacheStats): string {
  if (cache.maxEntries === 0) return `${name} off`
  const asked = cache.hits + cache.misses
  if (asked === 0) return `${name} none yet`
  return `${name} ${cache.hits} of ${asked} from the cache (${percent(cache.hitRate ?? 0)})`
}

/**
 * One line for `agent-memory stats`: how a service's embedding caches served, e.g. `queries 3 of
 * 4 from the cache (75 %), writes 10 of 40 from the cache (25 %), 30 vectors reused from the store`.
 */
export function describeEmbeddingCache(stats: MemoryServiceStats): string {
  const { queries, documents, reusedFromStore } = stats.embeddingCache
  return [
    describeCache('queries', queries),
    describeCache('writes', documents),
    `${reusedFromStore} vector${reusedFromStore === 1 ? '' : 's'} reused from the store`,
  ].join(', ')
}
