import type { EmbeddingCacheStats } from './cache/EmbeddingCacheStats.js'

/** What `MemoryService.stats()` reports: this service object's own counters since it was created. */
export interface MemoryServiceStats {
  embeddingCache: {
    /** Query vectors (`embeddingCache.queries`): a hit is a recall that called no embedder. */
    queries: EmbeddingCacheStats
    /** Memory and chunk texts of writes (`embeddingCache.documents`). */
    documents: EmbeddingCacheStats
  }
}
