import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import { cosineSimilarity } from '../cosineSimilarity.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import type { RowHit } from './RowHit.js'
import { scanRowVectors } from './scanRowVectors.js'

/** `ChunkStore.searchChunks`: exact cosine over chunk vectors, max-pooled per memory. */
export async function searchRowChunks(
  state: InMemoryState,
  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
): Promise<ScoredMemory[]> {
  return scanRowVectors(state, namespace, vector, options, (row) => {
    let best: RowHit | undefined
    for (const chunk of row.chunks) {
      const score = cosineSimilarity(vector, chunk.embedding)
      if (!best || score > best.score) best = { row, score, chunk }
    }
    return best
  })
}
