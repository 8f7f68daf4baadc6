import { EmbeddingError } from '@agent-memory/core'
import { type EmbeddingsFault, type FakeEmbeddingsServer, fakeEmbedding } from '@agent-memory/testkit'
import { afterEach, describe, expect, it } from 'vitest'
import { setUp, texts } from './__fixtures__/harness.js'

let server: FakeEmbeddingsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const REJECTED: Array<[EmbeddingsFault, RegExp, boolean]> = [
  [
    { kind: 'errorBody', message: 'upstream provider failed', code: 502 },
    /HTTP 200 with an error body/,
    true,
  ],
  [{ kind: 'errorBody', message: 'bad input', code: 400 }, /HTTP 200 with an error body/, false],
  [{ kind: 'malformedJson' }, /not valid JSON/, true],
  [{ kind: 'html' }, /not valid JSON/, true],
  [{ kind: 'missingIndex', item: 1 }, /item 1 has no integer 'index'/, true],
  [{ kind: 'duplicateIndex' }, /index 0 appears twice/, true],
  [{ kind: 'outOfRangeIndex' }, /outside 0\.\.2/, true],
  [{ kind: 'fewer' }, /expected 3 embeddings, got 2/, true],
  [{ kind: 'extra' }, /expected 3 embeddings, got 4/, true],
  [{ kind: 'emptyData' }, /expected 3 embeddings, got 0/, true],
  [
    { kind: 'wrongDimension', item: 1 },
    /expected 16 dimensions, got 15 from model openai\/text-embedding-3-small/,
    false,
  ],
  [{ kind: 'nonFinite', value: 'NaN' }, /non-finite value at position 0/, true],
  [{ kind: 'nonFinite', value: null }, /non-finite value/, true],
  [{ kind: 'nonFinite', value: 1e39 }, /non-finite value/, true],
  [{ kind: 'resetMidBody' }, /network error/, true],
  [{ kind: 'reset' }, /network error/, true],
]

describe('response validation', () => {
  it.each(REJECTED)('rejects %o', async (fault, message, retryable) => {
    const setup = await setUp({ maxRetries: 0 })
    server = setup.server
    server.script(fault)
    const error = await setup.embedder.embed(texts(3)).catch((e: unknown) => e)
    expect(EmbeddingError.isInstance(error)).toBe(true)
    expect((error as EmbeddingError).message).toMatch(message)
    expect((error as EmbeddingError).retryable).toBe(retryable)
    expect((error as EmbeddingError).bodyExcerpt?.length ?? 0).toBeLessThanOrEqual(201)
  })

  it('rejects a non-finite value in a base64 vector', async () => {
    const setup = await setUp({ maxRetries: 0, encodingFormat: 'base64' })
    server = setup.server
    server.script({ kind: 'nonFinite' })
    await expect(setup.embedder.embed(texts(2))).rejects.toThrow(/non-finite/)
  })

  it('recovers from malformed responses on retry, up to maxMalformedRetries', async () => {
    const setup = await setUp({ maxMalformedRetries: 2 })
    server = setup.server
    server.script({ kind: 'missingIndex' }, { kind: 'malformedJson' })
    const vectors = await setup.embedder.embed(texts(3))
    expect(vectors.map((v) => Array.from(v))).toEqual(texts(3).map((t) => Array.from(fakeEmbedding(t, 16))))
    expect(server.requests).toHaveLength(3)
  })
})

describe('abort', () => {
  it('stops work: in-flight requests end and no request starts after the abort', async () => {
    const setup = await setUp({ maxParallel: 2, maxBatchSize: 10 }, { latencyMs: 200 })
    server = setup.server
    const controller = new AbortController()
    const reason = new Error('caller gave up')
    const pending = setup.embedder.embed(texts(200), { signal: controller.signal })
    while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
    const afterAbort = server.requests.length
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(afterAbort).toBe(2)
    expect(server.requests).toHaveLength(2)
    expect(setup.usages[0]).toMatchObject({ failed: true })
  })

  it('interrupts a retry wait', async () => {
    const setup = await setUp({ sleep: undefined })
    server = setup.server
    server.script({ kind: 'rateLimit', retryAfterSeconds: 30 })
    const controller = new AbortController()
    const pending = setup.embedder.embed(['a'], { signal: controller.signal })
    while (server.requests.length < 1) await new Promise((resolve) => setTimeout(resolve, 5))
    await new Promise((resolve) => setTimeout(resolve, 20))
    controller.abort(new Error('stop waiting'))
    await expect(pending).rejects.toThrow('stop waiting')
    expect(server.requests).toHaveLength(1)
  })
})
