import type { Embedder } from '../../spec/Embedder.js'
import type { EmbeddingCacheStats } from './EmbeddingCacheStats.js'

/** Which embedder a vector came from: a cached vector answers only for the same model and width. */
type EmbedderIdentity = Pick<Embedder, 'model' | 'dimensions'>

/**
 * Vectors by (embedder, purpose, text), least recently used dropped beyond `maxEntries` (0 keeps
 * nothing). The same text in always gives the same vector out, so a cached vector is the embedder's
 * own answer; the model and its width are in the key so a cache outliving one embedder never
 * answers for another (a model name served at another width included).
 * Vectors are shared, never copied: callers must not write into them.
 */
export class EmbeddingCache {
  private readonly entries = new Map<string, Float32Array>()
  private hits = 0
  private misses = 0

  constructor(readonly maxEntries: number) {}

  private static key(embedder: EmbedderIdentity, purpose: string, text: string): string {
    return `${embedder.model}\u0000${embedder.dimensions}\u0000${purpose}\u0000${text}`
  }

  /** The cached vector, counted as a hit or a miss; a hit becomes the most recently used. */
  get(embedder: EmbedderIdentity, purpose: string, text: string): Float32Array | undefined {
    if (this.maxEntries <= 0) return undefined
    const key = EmbeddingCache.key(embedder, purpose, text)
    const vector = this.entries.get(key)
    if (vector === undefined) {
      this.misses++
      return undefined
    }
    this.hits++
    this.entries.delete(key)
    this.entries.set(key, vector)
    return vector
  }

  set(embedder: EmbedderIdentity, purpose: string, text: string, vector: Float32Array): void {
    if (this.maxEntries <= 0) return
    const key = EmbeddingCache.key(embedder, purpose, text)
    this.entries.delete(key)
    this.entries.set(key, vector)
    // A Map iterates in insertion order: the first key is the least recently used.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }

  stats(): EmbeddingCacheStats {
    const asked = this.hits + this.misses
    return {
      entries: this.entries.size,
      maxEntries: this.maxEntries,
      hits: this.hits,
      misses: this.misses,
      hitRate: asked === 0 ? null : this.hits / asked,
    }
  }
}
