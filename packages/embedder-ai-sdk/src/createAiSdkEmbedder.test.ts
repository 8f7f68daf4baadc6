import { inspect } from 'node:util'
import { EmbeddingError, InvalidArgumentError } from '@agent-memory/core'
import { APICallError } from 'ai'
import { MockEmbeddingModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { createAiSdkEmbedder } from './createAiSdkEmbedder.js'

const vectorFor = (text: string, dims = 4) => Array.from({ length: dims }, (_, i) => text.length + i)

function echoModel(maxEmbeddingsPerCall: number, dims = 4) {
  return new MockEmbeddingModelV3({
    modelId: 'mock-embed-1',
    maxEmbeddingsPerCall,
    doEmbed: async ({ values }) => ({ embeddings: values.map((v) => vectorFor(v, dims)), warnings: [] }),
  })
}

function failingModel(error: () => Error) {
  return new MockEmbeddingModelV3({
    modelId: 'mock-embed-1',
    doEmbed: async () => {
      throw error()
    },
  })
}

const apiError = (statusCode: number, isRetryable: boolean, responseBody = '{"error":"nope"}') =>
  new APICallError({
    message: `provider said ${statusCode}`,
    url: 'https://api.example.test/v1/embeddings',
    requestBodyValues: { input: ['secret user text'] },
    statusCode,
    isRetryable,
    responseBody,
  })

async function rejection(promise: Promise<unknown>): Promise<EmbeddingError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(EmbeddingError.isInstance(error)).toBe(true)
  return error as EmbeddingError
}

describe('createAiSdkEmbedder with the AI SDK mock embedding model', () => {
  it("batches by the model's maxEmbeddingsPerCall and keeps input order", async () => {
    const model = echoModel(3)
    const embedder = createAiSdkEmbedder({ model, dimensions: 4, maxParallelCalls: 2 })
    const texts = ['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff', 'ggggggg']
    const vectors = await embedder.embed(texts)
    expect(model.doEmbedCalls.map((call) => call.values)).toEqual([
      ['a', 'bb', 'ccc'],
      ['dddd', 'eeeee', 'ffffff'],
      ['ggggggg'],
    ])
    expect(vectors.map((v) => Array.from(v))).toEqual(texts.map((t) => vectorFor(t)))
    expect(vectors[0]).toBeInstanceOf(Float32Array)
    expect(embedder.model).toBe('mock-embed-1')
    expect(embedder.dimensions).toBe(4)
    expect(await embedder.embed([])).toEqual([])
    expect(model.doEmbedCalls).toHaveLength(3)
  })

  it('records modelId and minScore when given', () => {
    const embedder = createAiSdkEmbedder({
      model: echoModel(8),
      dimensions: 4,
      modelId: 'openai/x',
      minScore: 0.25,
    })
    expect([embedder.model, embedder.minScore]).toEqual(['openai/x', 0.25])
  })

  it('refuses unusable options', () => {
    expect(() => createAiSdkEmbedder({ model: echoModel(8), dimensions: 0 })).toThrow(InvalidArgumentError)
    expect(() => createAiSdkEmbedder({ model: echoModel(8), dimensions: 4, maxParallelCalls: 0 })).toThrow(
      /maxParallelCalls must be a positive integer/,
    )
    expect(() => createAiSdkEmbedder({ model: echoModel(8), dimensions: 4, minScore: 2 })).toThrow(/minScore/)
  })

  it('rejects a vector of the wrong dimension, not retryable', async () => {
    const embedder = createAiSdkEmbedder({ model: echoModel(8, 3), dimensions: 4 })
    const error = await rejection(embedder.embed(['x']))
    expect(error.retryable).toBe(false)
    expect(error.message).toContain('vector 0 has 3 dimensions, expected 4')
  })

  it('maps a retryable provider failure (503) to a retryable EmbeddingError with its status', async () => {
    const embedder = createAiSdkEmbedder({
      model: failingModel(() => apiError(503, true)),
      dimensions: 4,
      maxRetries: 0,
    })
    const error = await rejection(embedder.embed(['x']))
    expect([error.retryable, error.status]).toEqual([true, 503])
    expect(error.message).toMatch(
      /^embedding with mock-embed-1 failed: APICallError \(HTTP 503\): provider said 503/,
    )
    expect(inspect(error)).not.toContain('secret user text')
  })

  it('maps a rejected request (400) to a non-retryable EmbeddingError', async () => {
    const embedder = createAiSdkEmbedder({ model: failingModel(() => apiError(400, false)), dimensions: 4 })
    const error = await rejection(embedder.embed(['x']))
    expect([error.retryable, error.status]).toEqual([false, 400])
  })

  it('unwraps the SDK RetryError after its retries: retryable, last status kept', async () => {
    const model = failingModel(() => apiError(429, true))
    const embedder = createAiSdkEmbedder({ model, dimensions: 4, maxRetries: 1 })
    const error = await rejection(embedder.embed(['x']))
    expect([error.retryable, error.status]).toEqual([true, 429])
    expect(error.message).toContain('failed after retries')
  }, 30_000)

  it('never repeats a key that a provider echoes in its error', async () => {
    const key = ['sk', 'proj', 'canary', 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6'].join('-')
    const model = failingModel(() => {
      const error = apiError(401, false, `{"error":"bad key ${key}"}`)
      error.message = `Incorrect API key provided: ${key}`
      return error
    })
    const embedder = createAiSdkEmbedder({ model, dimensions: 4 })
    const error = await rejection(embedder.embed(['x']))
    expect(error.retryable).toBe(false)
    expect(`${error.message} ${error.bodyExcerpt} ${inspect(error)} ${JSON.stringify(error)}`).not.toContain(
      key,
    )
  })

  it('rejects with the signal reason when the caller aborts, and a retryable error when its time budget ends', async () => {
    const hanging = new MockEmbeddingModelV3({
      modelId: 'slow',
      doEmbed: ({ abortSignal }) =>
        new Promise((_, reject) => abortSignal?.addEventListener('abort', () => reject(abortSignal.reason))),
    })
    const embedder = createAiSdkEmbedder({ model: hanging, dimensions: 4 })
    const controller = new AbortController()
    const reason = new Error('caller gave up')
    const pending = embedder.embed(['x'], { signal: controller.signal })
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
    const late = await rejection(embedder.embed(['x'], { timeoutMs: 50 }))
    expect(late.retryable).toBe(true)
    expect(late.message).toContain('no answer within 50 ms')
  })
})
