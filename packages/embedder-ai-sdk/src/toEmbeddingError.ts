import { EmbeddingError } from '@agent-memory/core'

interface AiSdkErrorShape {
  name?: unknown
  message?: unknown
  statusCode?: unknown
  isRetryable?: unknown
  responseBody?: unknown
  reason?: unknown
  lastError?: unknown
}

const BODY_EXCERPT = 300

/**
 * Maps an AI SDK failure onto core's vocabulary. `RetryError` (the SDK gave up after its retries)
 * is unwrapped to its last error; `APICallError` keeps its status and the provider's own
 * `isRetryable` (429, 5xx and network failures are retryable); anything else (a malformed answer,
 * an unknown model, a missing key) is not. The original error is not attached as `cause`: it
 * carries the request body and the provider's URL and headers, which have no place in a log.
 */
export function toEmbeddingError(error: unknown, modelId: string): EmbeddingError {
  if (EmbeddingError.isInstance(error)) return error
  let shape = (typeof error === 'object' && error !== null ? error : {}) as AiSdkErrorShape
  let afterRetries = false
  if (shape.name === 'AI_RetryError' && typeof shape.lastError === 'object' && shape.lastError !== null) {
    afterRetries = shape.reason === 'maxRetriesExceeded'
    shape = shape.lastError as AiSdkErrorShape
  }
  const name = typeof shape.name === 'string' ? shape.name.replace(/^AI_/u, '') : 'Error'
  const status = typeof shape.statusCode === 'number' ? shape.statusCode : undefined
  const detail = typeof shape.message === 'string' ? shape.message.slice(0, BODY_EXCERPT) : String(error)
  const retryable = shape.isRetryable === true || afterRetries
  const message =
    `embedding with ${modelId} failed${afterRetries ? ' after retries' : ''}: ` +
    `${name}${status === undefined ? '' : ` (HTTP ${status})`}: ${detail}`
  return new EmbeddingError(message, {
    retryable,
    ...(status === undefined ? {} : { status }),
    ...(typeof shape.responseBody === 'string'
      ? { bodyExcerpt: shape.responseBody.slice(0, BODY_EXCERPT) }
      : {}),
  })
}
