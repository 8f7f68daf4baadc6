import type { EmbeddingCacheStats } from './cache/EmbeddingCacheStats.js'

/** What `MemoryService.stats()` reports: this service object's own counters since it was created. */
export interface MemoryServiceStats {
  embeddingCache: {
    /** Query vectors (`embeddingCache.queries`): a hit is a recall that called no embedder. */
    queries: EmbeddingCacheStats
    /**
     * Memory and chunk texts of writes (`embeddingCache.documents`). A miss was embedded, or read
     * back from the store (`reusedFromStore`).
     */
    documents: EmbeddingCacheStats
    /**
     * Texts of writes the cache missed whose vector the store already held (same text in the
     * namespace, embedded by this embedder: a re-ingest, the same content under another id or tier),
     * read back instead of embedded.
     */
    reusedFromStore: number
  }
}
