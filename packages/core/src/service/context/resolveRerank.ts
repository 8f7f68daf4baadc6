import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'
import type { RerankingOptions } from '../MemoryServiceOptions.js'
import type { ServiceContext } from './ServiceContext.js'

/** `MemoryServiceOptions.rerank` with its defaults (`resolveServiceContext`), checked. */
export function resolveRerank(options: RerankingOptions | undefined): ServiceContext['rerank'] {
  if (options === undefined) return undefined
  if (typeof options.reranker?.rerank !== 'function')
    throw new InvalidArgumentError(
      'rerank',
      'rerank.reranker must have a rerank(query, documents, options) method',
    )
  const resolved = {
    reranker: options.reranker,
    candidates: options.candidates ?? 20,
    timeoutMs: options.timeoutMs ?? 2_000,
    maxDocumentChars: options.maxDocumentChars ?? 4_000,
  }
  for (const [name, value] of Object.entries(resolved)) {
    if (name !== 'reranker' && !(Number.isInteger(value) && (value as number) >= 1))
      throw new InvalidArgumentError('rerank', `rerank.${name} must be a whole number, at least 1`)
  }
  return resolved
}
