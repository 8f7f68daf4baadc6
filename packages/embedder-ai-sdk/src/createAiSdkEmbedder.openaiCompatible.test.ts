import { randomBytes } from 'node:crypto'
import { inspect } from 'node:util'
import { EmbeddingError } from '@agent-memory/core'
import {
  describeEmbedderContract,
  type FakeEmbeddingsServer,
  startFakeEmbeddingsServer,
} from '@agent-memory/testkit'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { afterEach, describe, expect, it } from 'vitest'
import { createAiSdkEmbedder } from './createAiSdkEmbedder.js'

const canaryKey = () => ['sk', 'canary', randomBytes(16).toString('hex')].join('-')

function through(server: FakeEmbeddingsServer, apiKey: string, maxRetries = 0) {
  const provider = createOpenAICompatible({ name: 'fake', baseURL: server.url, apiKey })
  return createAiSdkEmbedder({
    model: provider.embeddingModel('text-embedding-3-small'),
    dimensions: 16,
    maxRetries,
  })
}

let contractServer: FakeEmbeddingsServer | undefined
describeEmbedderContract(
  'AI SDK embedder through @ai-sdk/openai-compatible and the fake embeddings server',
  async () => {
    contractServer = await startFakeEmbeddingsServer({ dimensions: 16 })
    return through(contractServer, canaryKey())
  },
  { normalized: true, teardown: () => contractServer?.close() },
)

describe('AI SDK embedder against the fake embeddings server (real HTTP)', () => {
  let server: FakeEmbeddingsServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it('sends the key as a bearer token, keeps input order, records the model id', async () => {
    const key = canaryKey()
    server = await startFakeEmbeddingsServer({ dimensions: 16, apiKey: key })
    const embedder = through(server, key)
    const vectors = await embedder.embed(['first text', 'second text', 'third text'])
    const again = await embedder.embed(['third text'])
    expect(Array.from(vectors[2] ?? [])).toEqual(Array.from(again[0] ?? []))
    expect(embedder.model).toBe('text-embedding-3-small')
    expect(server.requests[0]?.headers.authorization).toBe(server.authorizationHash(`Bearer ${key}`))
  })

  it('a 401 is not retryable and the key appears nowhere, even when the server echoes it', async () => {
    const key = canaryKey()
    server = await startFakeEmbeddingsServer({ dimensions: 16 })
    server.script({ kind: 'echoAuth', status: 401 })
    const error = (await through(server, key)
      .embed(['x'])
      .catch((e: unknown) => e)) as EmbeddingError
    expect(EmbeddingError.isInstance(error)).toBe(true)
    expect([error.retryable, error.status]).toEqual([false, 401])
    expect(`${error.message} ${error.bodyExcerpt} ${inspect(error)} ${error.stack}`).not.toContain(key)
  })

  it('a 503 is retryable; with retries left the SDK retries and the call succeeds', async () => {
    server = await startFakeEmbeddingsServer({ dimensions: 16 })
    server.script({ kind: 'status', status: 503 })
    const failed = (await through(server, canaryKey())
      .embed(['x'])
      .catch((e: unknown) => e)) as EmbeddingError
    expect([failed.retryable, failed.status]).toEqual([true, 503])
    server.script({ kind: 'rateLimit', retryAfterMs: 10 })
    const vectors = await through(server, canaryKey(), 2).embed(['x'])
    expect(vectors[0]).toHaveLength(16)
    expect(server.requests.map((r) => r.status)).toEqual([503, 429, 200])
  }, 30_000)

  it('a dropped connection is retryable', async () => {
    server = await startFakeEmbeddingsServer({ dimensions: 16 })
    server.script({ kind: 'reset' })
    const error = (await through(server, canaryKey())
      .embed(['x'])
      .catch((e: unknown) => e)) as EmbeddingError
    expect(EmbeddingError.isInstance(error)).toBe(true)
    expect(error.retryable).toBe(true)
  })
})
