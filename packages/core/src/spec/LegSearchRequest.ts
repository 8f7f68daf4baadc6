import type { MemoryFilter } from './MemoryFilter.js'

/** The recall legs `LegSearchStore.searchLegs` answers at once, each with its own depth. */
export interface LegSearchRequest {
  /** The query vector; `null`: no vector legs. */
  vector: Float32Array | null
  /** The keyword query; `null`: no keyword leg. */
  query: string | null
  /** Depth of the memory-vector leg (as `Store.searchVector`'s `limit`). */
  vectorLimit: number
  /** Depth of the chunk-vector leg (as `ChunkStore.searchChunks`'s `limit`); 0: not searched. */
  chunkLimit: number
  /** Depth of the keyword leg (as `Store.searchText`'s `limit`). */
  keywordLimit: number
  /** The keyword leg's `SearchOptions.idfExponent`; default 1 (Okapi BM25). */
  keywordIdfExponent?: number
  filter?: MemoryFilter
}
