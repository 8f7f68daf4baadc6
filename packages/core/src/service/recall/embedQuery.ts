import { embedThroughCache } from '../cache/embedThroughCache.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { RecallResult } from '../MemoryService.js'

/**
 * The query's vector: from the query cache (`embeddingCache.queries`), else from the embedder within
 * `queryEmbedTimeoutMs`. When the embedder fails or times out the
 * vector is null and recall degrades to keyword-only; the caller's own abort is rethrown.
 */
export async function embedQuery(
  context: ServiceContext,
  query: string,
  signal: AbortSignal | undefined,
): Promise<{ vector: Float32Array | null; degraded?: RecallResult['degraded'] }> {
  try {
    const vectors = await embedThroughCache(context.embedder, context.queryEmbeddings, [query], {
      timeoutMs: context.queryTimeoutMs,
      purpose: 'query',
      batchSize: 1,
      ...(signal ? { signal } : {}),
    })
    return { vector: vectors[0] ?? null }
  } catch (error) {
    if (signal?.aborted) throw error
    context.report(error, 'recall.embed')
    return { vector: null, degraded: 'keyword_only' }
  }
}
