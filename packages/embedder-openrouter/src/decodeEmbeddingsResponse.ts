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
    const nonFinite = firstNonFinite(vector)
    if (nonFinite !== -1) throw fail(`embedding ${index} holds a non-finite value at position ${nonFinite}`)
    vectors[index] = vector
  }
  const usage = record.usage as { total_tokens?: unknown; prompt_tokens?: unknown } | undefined
  const tokens = usage?.total_tokens ?? usage?.prompt_tokens
  return { vectors, usageTokens: typeof tokens === 'number' && Number.isFinite(tokens) ? tokens : undefined }
}

/** Float32 values in base64 are little-endian (as OpenAI sends them): copied as is on such a host. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1

function decodeVector(embedding: unknown): Float32Array | undefined {
  if (typeof embedding === 'string') return decodeBase64Vector(embedding)
  if (!Array.isArray(embedding)) return undefined
  const vector = new Float32Array(embedding.length)
  for (let i = 0; i < embedding.length; i++) {
    const value = embedding[i]
    // null, "NaN" and other non-numbers become NaN, which the finiteness check rejects.
    vector[i] = typeof value === 'number' ? value : Number.NaN
  }
  return vector
}

function decodeBase64Vector(text: string): Float32Array | undefined {
  // The common case, canonical padded base64: decoded straight into the vector's own memory, with
  // no intermediate Buffer (a response holds hundreds of 6 KiB vectors).
  if (LITTLE_ENDIAN && text.length % 4 === 0) {
    const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0
    const byteLength = (text.length / 4) * 3 - padding
    if (byteLength % 4 === 0) {
      const vector = new Float32Array(byteLength / 4)
      const written = Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).write(text, 'base64')
      if (written === byteLength) return vector
    }
  }
  // Anything else (no padding, stray characters, a big-endian host) as Buffer decodes it.
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length % 4 !== 0) return undefined
  const vector = new Float32Array(bytes.length / 4)
  for (let i = 0; i < vector.length; i++) vector[i] = bytes.readFloatLE(i * 4)
  return vector
}

/** The position of the first non-finite value, or -1. */
function firstNonFinite(vector: Float32Array): number {
  // x * 0 is 0 for every finite x and NaN for NaN and ±Infinity: one multiply-add per value, and
  // the slow scan only for a vector that holds one.
  let sum = 0
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * 0
  if (sum === 0) return -1
  return vector.findIndex((value) => !Number.isFinite(value))
}
