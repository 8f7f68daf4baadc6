import { EmbeddingError } from '../errors/EmbeddingError.js'
import type { Embedder } from '../spec/Embedder.js'
import { describeUnusableVector } from './describeUnusableVector.js'

export interface EmbedBudget {
  timeoutMs: number
  purpose: 'query' | 'document'
  batchSize: number
  signal?: AbortSignal
}

/**
 * Embeds `texts` in batches, all within one time budget. The embedder gets an AbortSignal, and
 * the budget is also enforced by a timer so an embedder that ignores its signal cannot hold the
 * caller, and is passed on as `timeoutMs` so an embedder that retries gives up first with its real
 * cause. Checks every answer at this one edge all embedders pass: one vector of `dimensions` per
 * text, finite, not zero, norm from 1e-4 to 1e4 (`describeUnusableVector`). A vector that fails is a non-retryable
 * `EmbeddingError` (the write is stored pending, a query falls back to keywords), never stored.
 *
 * @throws EmbeddingError on failure or timeout; the caller's own abort reason when it aborted.
 */
export async function embedWithinBudget(
  embedder: Embedder,
  texts: string[],
  budget: EmbedBudget,
): Promise<Float32Array[]> {
  if (texts.length === 0) return []
  budget.signal?.throwIfAborted()
  const controller = new AbortController()
  const onCallerAbort = () => controller.abort(budget.signal?.reason)
  budget.signal?.addEventListener('abort', onCallerAbort, { once: true })
  let timer: ReturnType<typeof setTimeout> | undefined
  const startedAt = Date.now()
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new EmbeddingError(`the embedder did not answer within ${budget.timeoutMs} ms`, {
        retryable: true,
      })
      controller.abort(error)
      reject(error)
    }, budget.timeoutMs)
  })
  const work = (async () => {
    const vectors: Float32Array[] = []
    for (let start = 0; start < texts.length; start += budget.batchSize) {
      const batch = texts.slice(start, start + budget.batchSize)
      const timeoutMs = Math.max(1, budget.timeoutMs - (Date.now() - startedAt))
      const out = await embedder.embed(batch, {
        signal: controller.signal,
        purpose: budget.purpose,
        timeoutMs,
      })
      if (!Array.isArray(out) || out.length !== batch.length) {
        throw new EmbeddingError(
          `the embedder returned ${Array.isArray(out) ? out.length : 'no'} vectors for ${batch.length} texts`,
          {
            retryable: false,
          },
        )
      }
      for (const [i, vector] of out.entries()) {
        if (!(vector instanceof Float32Array) || vector.length !== embedder.dimensions) {
          throw new EmbeddingError(
            `the embedder returned a malformed vector (expected ${embedder.dimensions} finite numbers)`,
            {
              retryable: false,
            },
          )
        }
        const unusable = describeUnusableVector(vector)
        if (unusable !== undefined) {
          // The same answer comes back for the same text: not worth a retry, worth a clear reason.
          throw new EmbeddingError(
            `the embedder returned an unusable vector for text ${start + i + 1} of ${texts.length}: ${unusable}`,
            { retryable: false },
          )
        }
        vectors.push(vector)
      }
    }
    return vectors
  })()
  // The losing promise's rejection must not surface as unhandled.
  work.catch(() => {})
  try {
    return await Promise.race([work, deadline])
  } catch (error) {
    if (budget.signal?.aborted) throw budget.signal.reason
    throw error
  } finally {
    clearTimeout(timer)
    budget.signal?.removeEventListener('abort', onCallerAbort)
  }
}
