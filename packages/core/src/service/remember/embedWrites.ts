import type { Chunk } from '../../model/Chunk.js'
import { embedThroughCache } from '../cache/embedThroughCache.js'
import { memoryEmbedText } from '../context/memoryEmbedText.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { PreparedWrite } from './PreparedWrite.js'
import { reuseStoredVectors } from './reuseStoredVectors.js'

/**
 * Embeds every write's memory text and chunk texts in one budgeted pass; texts already in the
 * document cache (`embeddingCache.documents`), already stored in the namespace with a vector of this
 * embedder (`reuseStoredVectors`), or repeated in the pass, are not sent. Null when the embedder
 * failed or ran out of time (the writes are then stored pending).
 */
export async function embedWrites(
  context: ServiceContext,
  namespace: string,
  writes: PreparedWrite[],
  signal?: AbortSignal,
): Promise<Array<{ embedding: Float32Array; chunks: Chunk[] }> | null> {
  const texts: string[] = []
  for (const write of writes) texts.push(memoryEmbedText(context, write.content), ...write.chunkTexts)
  try {
    const vectors = await embedThroughCache(
      context.embedder,
      context.documentEmbeddings,
      texts,
      {
        timeoutMs: context.writeTimeoutMs,
        purpose: 'document',
        batchSize: context.batchSize,
        ...(signal ? { signal } : {}),
      },
      (missing) => reuseStoredVectors(context, namespace, writes, missing),
    )
    let cursor = 0
    return writes.map((write) => {
      const embedding = vectors[cursor++]!
      const chunks = write.chunkTexts.map((text, idx) => ({ idx, text, embedding: vectors[cursor++]! }))
      return { embedding, chunks: chunks as Chunk[] }
    })
  } catch (error) {
    if (signal?.aborted) throw error
    context.report(error, 'remember.embed')
    return null
  }
}
