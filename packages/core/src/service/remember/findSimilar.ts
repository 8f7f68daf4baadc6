import type { ServiceContext } from '../context/ServiceContext.js'
import type { SimilarMemory } from '../MemoryService.js'

/** Near-duplicates reported per write. */
const SIMILAR_LIMIT = 3

/**
 * The live memories each stored write nearly duplicates: a vector search with the write's own
 * vector, itself left out, kept from the embedder's `duplicateScore` up. The writes are already
 * stored, so a failed search loses nothing: it is reported to `onError` and the hint left out.
 */
export async function findSimilar(
  context: ServiceContext,
  namespace: string,
  written: ReadonlyArray<{ id: string; embedding: Float32Array }>,
): Promise<Map<string, SimilarMemory[]>> {
  const found = new Map<string, SimilarMemory[]>()
  for (const { id, embedding } of written) {
    try {
      const hits = await context.store.searchVector(namespace, embedding, { limit: SIMILAR_LIMIT + 1 })
      const similar = hits
        .filter((hit) => hit.memory.id !== id && hit.score >= context.duplicateScore)
        .slice(0, SIMILAR_LIMIT)
        .map((hit) => ({ id: hit.memory.id, score: hit.score }))
      if (similar.length > 0) found.set(id, similar)
    } catch (error) {
      context.report(error, 'remember.similar')
    }
  }
  return found
}
