import type { ServiceContext } from '../context/ServiceContext.js'
import type { LegHits } from './LegHits.js'
import { movedQueryVector } from './movedQueryVector.js'
import type { RecallPlan } from './RecallPlan.js'
import { searchLegs } from './searchLegs.js'

/**
 * Pseudo-relevance feedback (`MemoryServiceOptions.vectorFeedback`): the stored vectors of the
 * keyword leg's best `hits` memories are read in one `Store.storedEmbeddings` call, the query
 * vector is moved towards their mean (`movedQueryVector`), and the memory- and chunk-vector legs
 * search again with it, `pool` deep (fusion's depth; the first search's deeper memory-vector leg
 * already measured the cosines thresholds use). Runs in hybrid recall with a query vector and keyword
 * hits; a memory without a stored vector (pending) is left out of the mean. When feedback is off,
 * has nothing to move towards, or its read or search fails (reported as `recall.feedback`), the
 * legs are returned as they were.
 */
export async function feedBackVectorLegs(
  context: ServiceContext,
  plan: RecallPlan,
  queryVector: Float32Array | null,
  legs: LegHits,
): Promise<LegHits> {
  const { store, embedder, vectorFeedback } = context
  if (!vectorFeedback || !queryVector || plan.mode !== 'hybrid' || !store.storedEmbeddings) return legs
  const best = legs.keyword.slice(0, vectorFeedback.hits).map((hit) => hit.memory)
  if (best.length === 0) return legs
  try {
    const stored = await store.storedEmbeddings(
      plan.namespace,
      [...new Set(best.map((m) => m.fingerprint))],
      {
        model: embedder.model,
        dimensions: embedder.dimensions,
      },
    )
    const vectorOf = new Map(stored.map((entry) => [entry.content, entry.embedding]))
    const vectors = best.flatMap((memory) => {
      const vector = vectorOf.get(memory.content)
      return vector && vector.length === queryVector.length ? [vector] : []
    })
    if (vectors.length === 0) return legs
    const moved = movedQueryVector(queryVector, vectors, vectorFeedback.weight)
    const again = await searchLegs(context, plan, moved, { keyword: false, vectorPool: plan.pool })
    return { ...legs, feedback: { vector: again.vector, chunk: again.chunk } }
  } catch (error) {
    if (plan.signal?.aborted) throw error
    context.report(error, 'recall.feedback')
    return legs
  }
}
