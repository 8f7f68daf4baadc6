import { InvalidArgumentError, type RerankCallOptions, type Reranker } from '@agent-memory/core'
// A namespace import: the package also serves AI SDK 5, whose `ai` has no `rerank`, and a named
// import of a missing export would fail the whole module at load.
import * as ai from 'ai'
import type { AiSdkRerankerOptions } from './AiSdkRerankerOptions.js'
import { toEmbeddingError } from './toEmbeddingError.js'

/**
 * Any AI SDK reranking model as an agent-memory `Reranker`, for `createMemory({ options: { rerank:
 * { reranker } } })`. `rerank()` sends the query and the candidates' texts in one call; the answer
 * is mapped to indices and scores, and a failure to an error that names the model and the HTTP
 * status without the request (the service then keeps the fused order). Needs AI SDK 6 or later.
 */
export function createAiSdkReranker(options: AiSdkRerankerOptions): Reranker {
  const rerank = (ai as { rerank?: typeof ai.rerank }).rerank
  if (typeof rerank !== 'function') {
    throw new InvalidArgumentError(
      'model',
      'reranking needs AI SDK 6 or later: the installed `ai` has no rerank()',
    )
  }
  const maxRetries = options.maxRetries ?? 1
  if (!(Number.isInteger(maxRetries) && maxRetries >= 0))
    throw new InvalidArgumentError(
      'maxRetries',
      `maxRetries must be a non-negative integer, got ${maxRetries}`,
    )
  const modelId =
    options.modelId ?? (typeof options.model === 'string' ? options.model : options.model.modelId)
  if (typeof modelId !== 'string' || modelId.length === 0)
    throw new InvalidArgumentError('modelId', 'the model has no modelId; pass modelId')
  return {
    model: modelId,
    async rerank(query: string, documents: string[], call: RerankCallOptions) {
      call.signal.throwIfAborted()
      if (documents.length === 0) return []
      try {
        const result = await rerank({
          model: options.model,
          documents,
          query,
          maxRetries,
          abortSignal: call.signal,
          ...(options.headers === undefined ? {} : { headers: options.headers }),
          ...(options.providerOptions === undefined
            ? {}
            : { providerOptions: options.providerOptions as never }),
        })
        return result.ranking.map(({ originalIndex, score }) => ({ index: originalIndex, score }))
      } catch (error) {
        if (call.signal.aborted) throw call.signal.reason
        throw new Error(
          toEmbeddingError(error, modelId).message.replace(/^embedding with/u, 'reranking with'),
        )
      }
    },
  }
}
