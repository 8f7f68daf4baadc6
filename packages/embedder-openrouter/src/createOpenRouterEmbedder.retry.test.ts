import { EmbeddingError } from '@agent-memory/core'
import type { EmbeddingsFault, FakeEmbeddingsServer } from '@agent-memory/testkit'
import { afterEach, describe, expect, it } from 'vitest'
import { asArrays, expected, setUp, texts } from './__fixtures__/harness.js'

let server: FakeEmbeddingsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('retries', () => {
  it('waits exactly as long as Retry-After in seconds says', async () => {
    const setup = await setUp()
    server = setup.server
    server.script({ kind: 'rateLimit', retryAfterSeconds: 2 }, { kind: 'rateLimit', retryAfterSeconds: 0 })
    expect(asArrays(await setup.embedder.embed(['a']))).toEqual(expected(['a']))
    expect(setup.sleeps).toEqual([2000, 0])
    expect(server.requests).toHaveLength(3)
    expect(setup.usages[0]).toMatchObject({ requests: 3, retries: 2, failed: false })
  })

  it('waits until the HTTP date in Retry-After', async () => {
    const setup = await setUp()
    server = setup.server
    server.script({ kind: 'rateLimit', retryAfterDate: new Date(setup.clock.now + 7000) })
    await setup.embedder.embed(['a'])
    expect(setup.sleeps).toEqual([7000])
  })

  it('prefers retry-after-ms, and caps an absurd wait', async () => {
    const setup = await setUp({ deadlineMs: 10 * 60_000 })
    server = setup.server
    server.script(
      { kind: 'rateLimit', retryAfterMs: 1500, retryAfterSeconds: 9 },
      { kind: 'rateLimit', retryAfterSeconds: 3600 },
    )
    await setup.embedder.embed(['a'])
    expect(setup.sleeps).toEqual([1500, 60_000])
  })

  it('backs off exponentially with full jitter when the server gives no wait', async () => {
    const setup = await setUp({ retryBaseDelayMs: 100, retryMaxDelayMs: 350 })
    server = setup.server
    server.script(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 502 },
      { kind: 'status', status: 503 },
      { kind: 'reset' },
      { kind: 'status', status: 408 },
    )
    expect(asArrays(await setup.embedder.embed(['a', 'b']))).toEqual(expected(['a', 'b']))
    // random() = 0.5 → half of min(cap, base × 2^retry)
    expect(setup.sleeps).toEqual([50, 100, 175, 175, 175])
    expect(server.requests).toHaveLength(6)
  })

  it('gives up after maxRetries with a retryable error', async () => {
    const setup = await setUp({ maxRetries: 2 })
    server = setup.server
    server.script(...Array.from({ length: 5 }, () => ({ kind: 'status', status: 503 }) as EmbeddingsFault))
    const error = await setup.embedder.embed(['a']).catch((e: unknown) => e)
    expect(EmbeddingError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ retryable: true, status: 503 })
    expect(server.requests).toHaveLength(3)
    expect(setup.usages[0]).toMatchObject({ requests: 3, retries: 2, failed: true })
  })

  it.each([400, 401, 402, 403, 404, 422])('does not retry HTTP %i', async (status) => {
    const setup = await setUp()
    server = setup.server
    server.script({ kind: 'status', status })
    const error = await setup.embedder.embed(['a']).catch((e: unknown) => e)
    expect(EmbeddingError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ retryable: false, status })
    expect((error as EmbeddingError).bodyExcerpt).toContain(`fake status ${status}`)
    expect(server.requests).toHaveLength(1)
    expect(setup.sleeps).toEqual([])
  })

  it('retries 409 and 429 without a header', async () => {
    const setup = await setUp()
    server = setup.server
    server.script({ kind: 'status', status: 409 }, { kind: 'status', status: 429 })
    await setup.embedder.embed(['a'])
    expect(server.requests).toHaveLength(3)
  })

  it('stops retrying when the next wait would pass the deadline', async () => {
    const setup = await setUp({ deadlineMs: 5000, maxRetries: 10 })
    server = setup.server
    server.script(
      ...Array.from({ length: 10 }, () => ({ kind: 'rateLimit', retryAfterSeconds: 2 }) as EmbeddingsFault),
    )
    const error = await setup.embedder.embed(['a']).catch((e: unknown) => e)
    expect(error).toMatchObject({ retryable: true, status: 429 })
    expect(setup.sleeps).toEqual([2000, 2000])
    expect(server.requests).toHaveLength(3)
  })

  it('times out a slow attempt and retries it', async () => {
    const setup = await setUp({ timeoutMs: 100 })
    server = setup.server
    server.script({ kind: 'delay', ms: 5000 })
    expect(asArrays(await setup.embedder.embed(['a']))).toEqual(expected(['a']))
    expect(server.requests).toHaveLength(2)
    expect(server.requests[0]!.outcome).toBe('delay')
  })

  it('reports a timeout as a retryable EmbeddingError when retries run out', async () => {
    const setup = await setUp({ timeoutMs: 50, maxRetries: 0 })
    server = setup.server
    server.script({ kind: 'hang' })
    await expect(setup.embedder.embed(['a'])).rejects.toSatisfy(
      (e) => EmbeddingError.isInstance(e) && e.retryable && /timed out after 50 ms/.test(e.message),
    )
  })

  it('loses and duplicates nothing when requests in the middle of a large call fail', async () => {
    // Whichever batches arrive 3rd and 7th fail once (a reset and a 500) and are retried.
    const faults: Record<number, EmbeddingsFault> = {
      3: { kind: 'reset' },
      7: { kind: 'status', status: 500 },
    }
    const setup = await setUp({ maxParallel: 4 }, { faults: (n) => faults[n] })
    server = setup.server
    const inputs = texts(5000, 'note')
    expect(asArrays(await setup.embedder.embed(inputs))).toEqual(expected(inputs))
    const batches = Math.ceil(5000 / 256)
    expect(server.requests).toHaveLength(batches + 2)
    expect(server.requests.filter((r) => r.outcome !== 'ok').map((r) => r.number)).toEqual([3, 7])
    const answered = server.requests.filter((r) => r.outcome === 'ok').flatMap((r) => r.inputs)
    expect(answered).toHaveLength(5000)
    expect(new Set(answered).size).toBe(5000)
  })
})
