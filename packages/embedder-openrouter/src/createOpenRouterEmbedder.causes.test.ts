import { EmbeddingError } from '@agent-memory/core'
import { type EmbeddingsFault, type FakeEmbeddingsServer, fakeEmbedding } from '@agent-memory/testkit'
import { afterEach, describe, expect, it } from 'vitest'
import { setUp, texts } from './__fixtures__/harness.js'

let server: FakeEmbeddingsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function failure(promise: Promise<unknown>): Promise<EmbeddingError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(EmbeddingError.isInstance(error)).toBe(true)
  return error as EmbeddingError
}

// Every one of these used to be retried like a 503 until the caller's 5 s budget ran out, which
// then reported "did not answer within 5000 ms" after 6–9 requests.
const MALFORMED: Array<[EmbeddingsFault, RegExp]> = [
  [{ kind: 'malformedJson' }, /the body is not valid JSON/],
  [{ kind: 'html' }, /the body is not valid JSON/],
  [{ kind: 'fewer' }, /expected 3 embeddings, got 2/],
  [{ kind: 'extra' }, /expected 3 embeddings, got 4/],
  [{ kind: 'emptyData' }, /expected 3 embeddings, got 0/],
  [{ kind: 'missingIndex' }, /has no integer 'index'/],
  [{ kind: 'nonFinite', value: null }, /non-finite value/],
  [{ kind: 'nonFinite', value: 'NaN' }, /non-finite value/],
]

describe('an answer that arrived but cannot be used', () => {
  it.each(MALFORMED)('%o is retried once, then reported as itself', async (fault, message) => {
    const setup = await setUp()
    server = setup.server
    server.script(fault, fault, fault, fault, fault, fault)
    const error = await failure(setup.embedder.embed(texts(3), { timeoutMs: 5000 }))
    expect(error.message).toMatch(/^embeddings response rejected: /)
    expect(error.message).toMatch(message)
    expect(error.status).toBe(200)
    expect(server.requests).toHaveLength(2)
  })

  it('maxMalformedRetries: 0 reports the first malformed answer without retrying', async () => {
    const setup = await setUp({ maxMalformedRetries: 0 })
    server = setup.server
    server.script({ kind: 'html' }, { kind: 'ok' })
    const error = await failure(setup.embedder.embed(texts(2)))
    expect(error.message).toMatch(/not valid JSON/)
    expect(error.bodyExcerpt).toMatch(/<html/i)
    expect(server.requests).toHaveLength(1)
  })

  it('one malformed answer followed by a good one still succeeds', async () => {
    const setup = await setUp()
    server = setup.server
    server.script({ kind: 'fewer' })
    const vectors = await setup.embedder.embed(texts(3))
    expect(vectors.map((v) => Array.from(v))).toEqual(texts(3).map((t) => Array.from(fakeEmbedding(t, 16))))
    expect(server.requests).toHaveLength(2)
  })
})

describe('a caller that waits a bounded time (EmbedOptions.timeoutMs)', () => {
  it.each([
    [{ kind: 'status', status: 500 } as EmbeddingsFault, /HTTP 500/, 500],
    [{ kind: 'rateLimit' } as EmbeddingsFault, /HTTP 429/, 429],
    [
      { kind: 'errorBody', message: 'upstream provider failed', code: 502 } as EmbeddingsFault,
      /error body: upstream provider failed/,
      200,
    ],
  ])(
    'hears the real cause of %o, not a timeout, when retries would outlast it',
    async (fault, message, status) => {
      // Backoff on the harness's fake clock: 250, 500, 1000, 2000 ms; the next wait (4000) would end
      // after the call's deadline (4500 ms for a caller waiting 5000), so the call gives up with it.
      const setup = await setUp()
      server = setup.server
      server.script(...Array.from({ length: 10 }, () => fault))
      const error = await failure(setup.embedder.embed(['a'], { timeoutMs: 5000 }))
      expect(error.message).toMatch(message)
      expect(error.message).not.toMatch(/deadline|did not answer|timed out/)
      expect(error.status).toBe(status)
      expect(error.retryable).toBe(true)
      expect(setup.sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThan(4500)
      expect(server.requests.length).toBeLessThan(6)
    },
  )

  it('names the last failure when its deadline cuts an attempt short', async () => {
    const setup = await setUp()
    server = setup.server
    server.script({ kind: 'status', status: 503 }, { kind: 'hang' })
    const error = await failure(setup.embedder.embed(['a'], { timeoutMs: 400 }))
    expect(error.message).toMatch(
      /exceeded its deadline of 360 ms; the last attempt failed: embeddings request failed with HTTP 503/,
    )
    expect(error.status).toBe(503)
    expect(server.requests).toHaveLength(2)
  })

  it('keeps its own deadline when the caller waits longer', async () => {
    const setup = await setUp({ deadlineMs: 300 })
    server = setup.server
    server.script({ kind: 'hang' })
    const error = await failure(setup.embedder.embed(['a'], { timeoutMs: 60_000 }))
    expect(error.message).toMatch(/exceeded its deadline of 300 ms$/)
  })
})
