import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import { cosineSimilarity } from '../cosineSimilarity.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { scanRowVectors } from './scanRowVectors.js'

/** `Store.searchVector`: exact cosine over memory vectors, best first, ties by id. */
export async function searchRowVectors(
  state: InMemoryState,
  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
): Promise<ScoredMemory[]> {
  return scanRowVectors(state, namespace, vector, options, (row) =>
    row.embedding === null ? undefined : { row, score: cosineSimilarity(vector, row.embedding) },
  )
}
