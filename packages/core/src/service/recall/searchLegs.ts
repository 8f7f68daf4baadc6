import { isChunkStore } from '../../spec/ChunkStore.js'
import { isLegSearchStore } from '../../spec/LegSearchStore.js'
import type { ScoredMemory } from '../../spec/ScoredMemory.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { LegHits } from './LegHits.js'
import type { RecallPlan } from './RecallPlan.js'

/**
 * The recall legs, in parallel: memory vectors (`vectorPool` deep), chunk vectors (when the store
 * has chunks; a failure is reported and ignored) and keywords (unless `mode: 'vector'` has a
 * query vector; alone, its failure fails the recall). A store that answers the legs together
 * (`LegSearchStore`) is asked that first: the same lists for fewer calls; when it cannot, or
 * fails, the legs run one by one as above, each with its own failure rule. `legs` narrows a
 * second search (`feedBackVectorLegs`): no keyword leg, a shallower memory-vector leg.
 */
export async function searchLegs(
  context: ServiceContext,
  plan: RecallPlan,
  queryVector: Float32Array | null,
  legs: { keyword: boolean; vectorPool: number } = { keyword: true, vectorPool: plan.vectorPool },
): Promise<LegHits> {
  const { store } = context
  const { namespace, query, filter, signal } = plan
  const searchOptions = (size: number) => ({
    limit: size,
    ...(filter ? { filter } : {}),
    ...(signal ? { signal } : {}),
  })
  const runKeyword = legs.keyword && (plan.mode !== 'vector' || queryVector === null)
  if (isLegSearchStore(store)) {
    const together = await store
      .searchLegs(namespace, {
        vector: queryVector,
        query: runKeyword ? query : null,
        vectorLimit: legs.vectorPool,
        chunkLimit: queryVector && isChunkStore(store) ? plan.pool : 0,
        keywordLimit: plan.pool,
        keywordIdfExponent: plan.keywordIdfExponent,
        ...(filter ? { filter } : {}),
      })
      .catch((error: unknown) => {
        context.report(error, 'recall.legs')
        return undefined
      })
    if (together !== undefined) return together
  }
  const [vector, chunk, keyword] = await Promise.all([
    queryVector
      ? store.searchVector(namespace, queryVector, searchOptions(legs.vectorPool))
      : Promise.resolve([]),
    queryVector && isChunkStore(store)
      ? store.searchChunks(namespace, queryVector, searchOptions(plan.pool)).catch((error: unknown) => {
          context.report(error, 'recall.chunks')
          return [] as ScoredMemory[]
        })
      : Promise.resolve([] as ScoredMemory[]),
    runKeyword
      ? store
          .searchText(namespace, query, { ...searchOptions(plan.pool), idfExponent: plan.keywordIdfExponent })
          .catch((error: unknown) => {
            // With a vector leg the keyword leg is an extra; alone it is the answer.
            if (queryVector === null) throw error
            context.report(error, 'recall.keyword')
            return [] as ScoredMemory[]
          })
      : Promise.resolve([] as ScoredMemory[]),
  ])
  return { vector, chunk, keyword }
}
