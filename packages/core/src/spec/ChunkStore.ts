import type { Chunk } from '../model/Chunk.js'
import type { ScoredMemory } from './ScoredMemory.js'
import type { SearchOptions } from './Store.js'

/** A store that keeps per-segment vectors for long memories. */
export interface ChunkStore {
  /**
   * Replaces a memory's chunks, guarded: writes only when the memory still has `fingerprint`
   * (a concurrent content change wins). Returns whether it wrote.
   */
  putChunks(namespace: string, memoryId: string, fingerprint: string, chunks: Chunk[]): Promise<boolean>
  /**
   * Chunk vectors scored by cosine similarity and max-pooled: one hit per memory (its best
   * chunk, in `matchedChunk`), on the same scale as `searchVector`, best first.
   */
  searchChunks(namespace: string, vector: Float32Array, options: SearchOptions): Promise<ScoredMemory[]>
}

/** Whether a store also stores and searches chunks (`ChunkStore`). */
export function isChunkStore(store: object): store is ChunkStore {
  return typeof (store as Partial<ChunkStore>).searchChunks === 'function'
}
