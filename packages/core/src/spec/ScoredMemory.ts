import type { Memory } from '../model/Memory.js'

/**
 * A search hit. For vector legs `score` is cosine similarity (1 − cosine distance), higher is
 * better, in [-1, 1]. For the keyword leg it is the store's text rank: higher is better but it
 * is not on the cosine scale, so fuse by rank, not by raw value.
 */
export interface ScoredMemory {
  memory: Memory
  score: number
  /** For chunk hits: the passage that matched. */
  matchedChunk?: { idx: number; text: string }
}
