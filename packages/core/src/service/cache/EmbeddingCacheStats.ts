/** How an embedding cache has served since the service was created (`MemoryService.stats`). */
export interface EmbeddingCacheStats {
  /** Vectors held now. */
  entries: number
  /** The bound; 0 means the cache is off. */
  maxEntries: number
  /** Look-ups answered from the cache: embedder calls saved (one text each). */
  hits: number
  /** Look-ups the cache could not answer: embedded (or, for writes, read back from the store). */
  misses: number
  /** hits / (hits + misses); null before the first look-up. */
  hitRate: number | null
}
