import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import type { StoreContext } from '../../context/StoreContext.js'
import { searchVectorInProcess } from '../../vectors/searchVectorInProcess.js'
import { MEMORY_VECTOR_SEARCH } from './MEMORY_VECTOR_SEARCH.js'
import { runVectorSearch } from './runVectorSearch.js'

/**
 * `Store.searchVector`: the embedded store's in-process exact index when this process owns one
 * and the namespace fits in it, otherwise SQL (`runVectorSearch`: exact, or HNSW when it pays).
 */
export async function searchVectorLeg(
  context: StoreContext,
  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
): Promise<ScoredMemory[]> {
  const index = context.vectorIndex
  const held =
    index === undefined ? undefined : await searchVectorInProcess(context, index, namespace, vector, options)
  return held ?? runVectorSearch(context, namespace, vector, options, MEMORY_VECTOR_SEARCH)
}
