import { type Embedder, EmbeddingError, type EmbedOptions, InvalidArgumentError } from '@agent-memory/core'
import { embedMany } from 'ai'
import type { AiSdkEmbedderOptions } from './AiSdkEmbedderOptions.js'
import { toEmbeddingError } from './toEmbeddingError.js'

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback
  if (!Number.isInteger(resolved) || resolved < (name === 'maxRetries' ? 0 : 1)) {
    throw new InvalidArgumentError(
      name,
      `${name} must be a ${name === 'maxRetries' ? 'non-negative' : 'positive'} integer, got ${value}`,
    )
  }
  return resolved
}

/**
 * Any AI SDK embedding model as an agent-memory `Embedder`. `embedMany` does the batching by the
 * model's own `maxEmbeddingsPerCall` (2048 for OpenAI, 96 for Cohere, …), runs the batches
 * `maxParallelCalls` at a time and retries retryable failures; this adapter checks every vector
 * (count, dimension, finite numbers), honours the caller's signal and time budget, and turns
 * failures into `EmbeddingError`s with `retryable` set. The API key stays with the provider and
 * never appears in an error.
 */
export function createAiSdkEmbedder(options: AiSdkEmbedderOptions): Embedder {
  const dimensions = positiveInteger('dimensions', options.dimensions, 0)
  const maxParallelCalls = positiveInteger('maxParallelCalls', options.maxParallelCalls, 4)
  const maxRetries = positiveInteger('maxRetries', options.maxRetries, 2)
  const modelId =
    options.modelId ?? (typeof options.model === 'string' ? options.model : options.model.modelId)
  if (typeof modelId !== 'string' || modelId.length === 0) {
    throw new InvalidArgumentError('modelId', 'the model has no modelId; pass modelId')
  }
  if (options.minScore !== undefined && !(options.minScore >= 0 && options.minScore <= 1)) {
    throw new InvalidArgumentError('minScore', `minScore must be between 0 and 1, got ${options.minScore}`)
  }

  async function embed(texts: string[], embedOptions: EmbedOptions = {}): Promise<Float32Array[]> {
    const callerSignal = embedOptions.signal
    callerSignal?.throwIfAborted()
    if (texts.length === 0) return []
    const budget =
      embedOptions.timeoutMs === undefined ? undefined : AbortSignal.timeout(embedOptions.timeoutMs)
    const signals = [callerSignal, budget].filter((s): s is AbortSignal => s !== undefined)
    const abortSignal = signals.length === 0 ? undefined : AbortSignal.any(signals)
    let embeddings: number[][]
    try {
      const call = embedMany({
        model: options.model,
        values: texts,
        maxParallelCalls,
        maxRetries,
        ...(abortSignal === undefined ? {} : { abortSignal }),
        ...(options.headers === undefined ? {} : { headers: options.headers }),
        ...(options.providerOptions === undefined
          ? {}
          : { providerOptions: options.providerOptions as never }),
      })
      // Providers differ in how fast they notice an abort (some not at all): the caller is answered
      // at once, and the abandoned call's outcome is dropped.
      call.catch(() => undefined)
      const result =
        abortSignal === undefined ? await call : await Promise.race([call, rejectOnAbort(abortSignal)])
      embeddings = result.embeddings
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason
      if (budget?.aborted) {
        throw new EmbeddingError(`embedding with ${modelId}: no answer within ${embedOptions.timeoutMs} ms`, {
          retryable: true,
        })
      }
      throw toEmbeddingError(error, modelId)
    }
    if (embeddings.length !== texts.length) {
      throw new EmbeddingError(
        `embedding with ${modelId}: ${embeddings.length} vectors for ${texts.length} inputs`,
        {
          retryable: false,
        },
      )
    }
    return embeddings.map((embedding, index) => {
      if (embedding.length !== dimensions) {
        throw new EmbeddingError(
          `embedding with ${modelId}: vector ${index} has ${embedding.length} dimensions, expected ${dimensions}`,
          { retryable: false },
        )
      }
      const vector = Float32Array.from(embedding)
      if (!vector.every(Number.isFinite)) {
        throw new EmbeddingError(`embedding with ${modelId}: vector ${index} has a non-finite number`, {
          retryable: false,
        })
      }
      return vector
    })
  }

  return {
    model: modelId,
    dimensions,
    ...(options.minScore === undefined ? {} : { minScore: options.minScore }),
    embed,
  }
}
