import { EmbeddingError } from '@agent-memory/core'

export interface DecodedEmbeddings {
  /** One vector per input, in input order (placed by the response's `index`). */
  vectors: Float32Array[]
  /** `usage.total_tokens` (or `prompt_tokens`) when the response reported it. */
  usageTokens: number | undefined
}

/**
 * Checks an OpenAI-shaped embeddings body and returns vectors in input order. Rejects (with an
 * `EmbeddingError`) a body carrying `error`, a wrong item count, a missing, duplicate or
 * out-of-range `index`, a vector of the wrong dimension and any non-finite number, so nothing
 * misaligned or unusable ever reaches a store.
 */
export function decodeEmbeddingsResponse(
  body: unknown,
  expected: { count: number; dimensions: number; model: string },
  /** The redacted body excerpt, computed only when a failure needs it (bodies can be megabytes). */
  excerpt: () => string,
  /** Removes the API key from any text taken from the body. */
  scrub: (text: string) => string,
): DecodedEmbeddings {
  const fail = (message: string, retryable = true) =>
    new EmbeddingError(`embeddings response rejected: ${message}`, {
      retryable,
      status: 200,
      bodyExcerpt: excerpt(),
    })
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw fail('the body is not a JSON object')
  const record = body as Record<string, unknown>
  if (record.error !== undefined && record.error !== null) {
    const error = record.error as { message?: unknown; code?: unknown }
    const code = typeof error.code === 'number' ? error.code : Number(error.code)
    // A 4xx code in the body (bad input, no credits) will not change on retry; anything else may.
    const retryable = !(code >= 400 && code < 500 && code !== 408 && code !== 409 && code !== 429)
    const detail = typeof error.message === 'string' ? `: ${scrub(error.message).slice(0, 200)}` : ''
    throw fail(`HTTP 200 with an error body${detail}`, retryable)
  }
  const data = record.data
  if (!Array.isArray(data)) throw fail("'data' is missing or not an array")
  if (data.length !== expected.count) throw fail(`expected ${expected.count} embeddings, got ${data.length}`)
  const vectors: Float32Array[] = new Array(expected.count)
  for (let position = 0; position < data.length; position++) {
    const item = data[position] as { index?: unknown; embedding?: unknown } | null
    const index = item?.index
    if (typeof index !== 'number' || !Number.isInteger(index))
      throw fail(`item ${position} has no integer 'index'`)
    if (index < 0 || index >= expected.count) {
      throw fail(`item ${position} has index ${index}, outside 0..${expected.count - 1}`)
    }
    if (vectors[index] !== undefined) throw fail(`index ${index} appears twice`)
    const vector = decodeVector(item?.embedding)
    if (vector === undefined) throw fail(`item ${position} has no embedding array or base64 string`)
    if (vector.length !== expected.dimensions) {
      // The whole configuration is wrong (model or dimensions); retrying will not fix it.
      throw fail(
        `expected ${expected.dimensions} dimensions, got ${vector.length} from model ${expected.model}`,
        false,
      )
    }
    for (let i = 0; i < vector.length; i++) {
      if (!Number.isFinite(vector[i]))
        throw fail(`embedding ${index} holds a non-finite value at position ${i}`)
    }
    vectors[index] = vector
  }
  const usage = record.usage as { total_tokens?: unknown; prompt_tokens?: unknown } | undefined
  const tokens = usage?.total_tokens ?? usage?.prompt_tokens
  return { vectors, usageTokens: typeof tokens === 'number' && Number.isFinite(tokens) ? tokens : undefined }
}

function decodeVector(embedding: unknown): Float32Array | undefined {
  if (typeof embedding === 'string') {
    const bytes = Buffer.from(embedding, 'base64')
    if (bytes.length % 4 !== 0) return undefined
    const vector = new Float32Array(bytes.length / 4)
    for (let i = 0; i < vector.length; i++) vector[i] = bytes.readFloatLE(i * 4)
    return vector
  }
  if (!Array.isArray(embedding)) return undefined
  const vector = new Float32Array(embedding.length)
  for (let i = 0; i < embedding.length; i++) {
    const value = embedding[i]
    // null, "NaN" and other non-numbers become NaN, which the finiteness check rejects.
    vector[i] = typeof value === 'number' ? value : Number.NaN
  }
  return vector
}
