import { EmbeddingError, InvalidArgumentError } from '@agent-memory/core'
import {
  describeEmbedderContract,
  type FakeEmbeddingsServer,
  fakeEmbedding,
  startFakeEmbeddingsServer,
} from '@agent-memory/testkit'
import { afterEach, describe, expect, it } from 'vitest'
import { asArrays, canaryKey, expected, setUp, texts } from './__fixtures__/harness.js'
import { createOpenRouterEmbedder } from './createOpenRouterEmbedder.js'

let contractServer: FakeEmbeddingsServer | undefined
describeEmbedderContract(
  'openrouter against the fake server',
  async () => {
    contractServer = await startFakeEmbeddingsServer()
    return createOpenRouterEmbedder({ baseURL: contractServer.url, apiKey: canaryKey() })
  },
  { normalized: true, teardown: () => contractServer?.close() },
)

let server: FakeEmbeddingsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('createOpenRouterEmbedder', () => {
  it('uses the documented defaults', () => {
    const embedder = createOpenRouterEmbedder({ apiKey: canaryKey() })
    expect(embedder.model).toBe('openai/text-embedding-3-small')
    expect(embedder.dimensions).toBe(1536)
    expect(embedder.minScore).toBe(0.3)
  })

  it('requires a key for OpenRouter, and validates its options', () => {
    const saved = process.env.OPENROUTER_API_KEY
    delete process.env.OPENROUTER_API_KEY
    try {
      expect(() => createOpenRouterEmbedder()).toThrow(expect.toSatisfy(InvalidArgumentError.isInstance))
    } finally {
      if (saved !== undefined) process.env.OPENROUTER_API_KEY = saved
    }
    const key = canaryKey()
    for (const bad of [
      { maxBatchSize: 2049 },
      { maxTokensPerRequest: 300_001 },
      { maxTokensPerInput: 8192 },
      { maxParallel: 0 },
    ]) {
      expect(() => createOpenRouterEmbedder({ apiKey: key, ...bad })).toThrow(
        expect.toSatisfy(InvalidArgumentError.isInstance),
      )
    }
  })

  it('keeps input order when the server shuffles or reverses the items', async () => {
    const setup = await setUp()
    server = setup.server
    const inputs = texts(40)
    server.script({ kind: 'shuffled' }, { kind: 'reversed' })
    expect(asArrays(await setup.embedder.embed(inputs))).toEqual(expected(inputs))
    expect(asArrays(await setup.embedder.embed(inputs))).toEqual(expected(inputs))
    expect(server.requests.map((r) => r.outcome)).toEqual(['shuffled', 'reversed'])
  })

  it('never sends a request over the input cap or the token cap', async () => {
    const setup = await setUp({ maxParallel: 3 })
    server = setup.server
    const many = texts(1000)
    expect(asArrays(await setup.embedder.embed(many))).toEqual(expected(many))
    expect(server.requests.map((r) => r.inputs.length)).toEqual([256, 256, 256, 232])
    // 40 inputs of ~8,000 estimated tokens each (Chinese counts one token per character).
    const long = Array.from({ length: 40 }, (_, i) => `${i}${'记'.repeat(7_990)}`)
    server.requests.length = 0
    expect(asArrays(await setup.embedder.embed(long))).toEqual(expected(long))
    expect(server.requests.length).toBeGreaterThanOrEqual(2)
    for (const request of server.requests) {
      expect(request.outcome).toBe('ok')
      expect(request.estimatedTokens).toBeLessThanOrEqual(300_000)
      expect(request.inputs.length).toBeLessThanOrEqual(256)
    }
    expect(server.requests.flatMap((r) => r.inputs).sort()).toEqual([...long].sort())
  })

  it('runs at most maxParallel requests at once', async () => {
    const setup = await setUp({ maxParallel: 3, maxBatchSize: 5 }, { latencyMs: 30 })
    server = setup.server
    const inputs = texts(60)
    expect(asArrays(await setup.embedder.embed(inputs))).toEqual(expected(inputs))
    expect(server.requests).toHaveLength(12)
    expect(server.maxInFlight).toBeLessThanOrEqual(3)
    expect(Math.max(...server.requests.map((r) => r.inFlight))).toBeGreaterThan(1)
  })

  it('honours a smaller configured batch size and token budget', async () => {
    const setup = await setUp({ maxBatchSize: 7, maxTokensPerRequest: 20 })
    server = setup.server
    const inputs = texts(30, 'abcdefghi') // 4 tokens each ("abcdefghi 12" = 12 chars)
    await setup.embedder.embed(inputs)
    for (const request of server.requests) {
      expect(request.inputs.length).toBeLessThanOrEqual(7)
      expect(request.estimatedTokens).toBeLessThanOrEqual(20)
    }
    expect(server.requests.flatMap((r) => r.inputs).sort()).toEqual([...inputs].sort())
  })

  it('rejects an input over the per-input limit by its index, before any request', async () => {
    const setup = await setUp()
    server = setup.server
    const error = await setup.embedder.embed(['fine', 'x'.repeat(30_000)]).catch((e: unknown) => e)
    expect(EmbeddingError.isInstance(error)).toBe(true)
    expect((error as EmbeddingError).message).toMatch(/input 1 is too long/)
    expect((error as EmbeddingError).retryable).toBe(false)
    await expect(setup.embedder.embed(['ok', '  '])).rejects.toThrow(/input 1 is empty/)
    expect(server.requests).toHaveLength(0)
  })

  it('truncates an over-long input when asked', async () => {
    const setup = await setUp({ truncate: true })
    server = setup.server
    const [vector] = await setup.embedder.embed(['文'.repeat(9_000)])
    expect(Array.from(vector!)).toEqual(Array.from(fakeEmbedding('文'.repeat(8191), 16)))
    expect(server.requests[0]!.maxInputTokens).toBe(8191)
  })

  it('passes dimensions through only when set, and decodes base64 vectors', async () => {
    server = await startFakeEmbeddingsServer({ dimensions: 1536 })
    const implicit = createOpenRouterEmbedder({ baseURL: server.url, apiKey: canaryKey() })
    await implicit.embed(['a'])
    expect(server.requests[0]!.body).not.toHaveProperty('dimensions')
    const explicit = createOpenRouterEmbedder({
      baseURL: server.url,
      apiKey: canaryKey(),
      dimensions: 256,
      encodingFormat: 'base64',
    })
    const [vector] = await explicit.embed(['a'])
    expect(server.requests[1]!.body).toMatchObject({ dimensions: 256, encoding_format: 'base64' })
    expect(Array.from(vector!)).toEqual(Array.from(fakeEmbedding('a', 256)))
  })

  it('sends the key and the OpenRouter attribution headers', async () => {
    const setup = await setUp({
      referer: 'https://example.com/app',
      title: 'agent-memory tests',
      headers: { 'x-extra': '1' },
    })
    server = setup.server
    await setup.embedder.embed(['a'])
    const { headers } = server.requests[0]!
    expect(headers.authorization).toBe(server.authorizationHash(`Bearer ${setup.apiKey}`))
    expect(headers['http-referer']).toBe('https://example.com/app')
    expect(headers['x-title']).toBe('agent-memory tests')
    expect(headers['x-extra']).toBe('1')
  })

  it('reports usage tokens and cost, with the characters convention when usage is missing', async () => {
    const setup = await setUp({ maxBatchSize: 2 })
    server = setup.server
    await setup.embedder.embed(['abcdef', 'abc', '字字字'])
    expect(setup.usages).toEqual([
      {
        inputs: 3,
        tokens: 6,
        tokensEstimated: false,
        costUsd: (6 * 0.02) / 1e6,
        requests: 2,
        retries: 0,
        failed: false,
      },
    ])
    server.script({ kind: 'noUsage' })
    await setup.embedder.embed(['abcdef', 'abc'])
    expect(setup.usages[1]).toMatchObject({ tokens: 9, tokensEstimated: true, costUsd: (9 * 0.02) / 1e6 })
  })
})
