import { afterEach, describe, expect, it } from 'vitest'
import { fakeEmbedding } from './fakeEmbedding.js'
import { type FakeEmbeddingsServer, startFakeEmbeddingsServer } from './startFakeEmbeddingsServer.js'

let server: FakeEmbeddingsServer
afterEach(async () => {
  await server?.close()
})

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/embeddings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer test-key', ...headers },
    body: JSON.stringify(body),
  })

describe('startFakeEmbeddingsServer', () => {
  it('answers OpenAI-shaped, deterministic unit vectors and records the request', async () => {
    server = await startFakeEmbeddingsServer()
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
    const res = await post({ model: 'm', input: ['hello', '世界'], dimensions: 8 })
    expect(res.status).toBe(200)
    const json = (await res.json()) as {
      object: string
      data: Array<{ object: string; index: number; embedding: number[] }>
      model: string
      usage: { prompt_tokens: number; total_tokens: number }
    }
    expect(json.object).toBe('list')
    expect(json.model).toBe('m')
    expect(json.data.map((item) => item.index)).toEqual([0, 1])
    expect(json.data[0]!.embedding.map(Math.fround)).toEqual(Array.from(fakeEmbedding('hello', 8)))
    expect(Math.hypot(...json.data[1]!.embedding)).toBeCloseTo(1, 5)
    expect(json.usage).toEqual({ prompt_tokens: 4, total_tokens: 4 })
    const [recorded] = server.requests
    expect(recorded).toMatchObject({
      number: 1,
      method: 'POST',
      path: '/v1/embeddings',
      inputs: ['hello', '世界'],
    })
    expect(recorded!.headers.authorization).toBe(server.authorizationHash('Bearer test-key'))
    expect(JSON.stringify(server.requests)).not.toContain('test-key')
  })

  it('answers with the vectors of a given embed function when one is set', async () => {
    server = await startFakeEmbeddingsServer({
      dimensions: 2,
      embed: async (inputs, dimensions) =>
        inputs.map((text) =>
          Float32Array.from({ length: dimensions }, (_, i) => (i === 0 ? text.length : 0)),
        ),
    })
    const res = await post({ model: 'm', input: ['abc', 'de'] })
    const json = (await res.json()) as { data: Array<{ embedding: number[] }> }
    expect(json.data.map((item) => item.embedding)).toEqual([
      [3, 0],
      [2, 0],
    ])
  })

  it('encodes base64 float32 vectors when asked', async () => {
    server = await startFakeEmbeddingsServer({ dimensions: 4 })
    const res = await post({ model: 'm', input: ['a'], encoding_format: 'base64' })
    const json = (await res.json()) as { data: Array<{ embedding: string }> }
    const bytes = Buffer.from(json.data[0]!.embedding, 'base64')
    expect(Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, 4))).toEqual(
      Array.from(fakeEmbedding('a', 4)),
    )
  })

  it('enforces the real limits with a 400', async () => {
    server = await startFakeEmbeddingsServer({ dimensions: 2 })
    expect((await post({ model: 'm', input: Array.from({ length: 2049 }, () => 'x') })).status).toBe(400)
    expect((await post({ model: 'm', input: ['a'.repeat(8191 * 3 + 1)] })).status).toBe(400)
    expect(
      (await post({ model: 'm', input: Array.from({ length: 40 }, () => '字'.repeat(8000)) })).status,
    ).toBe(400)
    expect((await post({ model: 'm', input: [''] })).status).toBe(400)
    expect((await post({ model: 'm', input: [[1, 2, 3]] })).status).toBe(400)
    expect((await post({ model: 'm', input: ['a'.repeat(8191 * 3)] })).status).toBe(200)
    expect(server.requests.map((r) => r.outcome)).toEqual([...Array(5).fill('rejected'), 'ok'])
  })

  it('applies scripted faults in order, then a function of the request number', async () => {
    server = await startFakeEmbeddingsServer({
      dimensions: 3,
      faults: (n) => (n === 4 ? { kind: 'status', status: 503 } : undefined),
    })
    server.script({ kind: 'rateLimit', retryAfterSeconds: 2, retryAfterMs: 1500 }, { kind: 'echoAuth' })
    const first = await post({ model: 'm', input: ['a'] })
    expect(first.status).toBe(429)
    expect(first.headers.get('retry-after')).toBe('2')
    expect(first.headers.get('retry-after-ms')).toBe('1500')
    const second = await post({ model: 'm', input: ['a'] })
    expect(second.status).toBe(401)
    expect(await second.text()).toContain('Bearer test-key')
    expect((await post({ model: 'm', input: ['a'] })).status).toBe(200)
    expect((await post({ model: 'm', input: ['a'] })).status).toBe(503)
  })

  it('resets the connection, shuffles, drops indexes and sends NaN as a string', async () => {
    server = await startFakeEmbeddingsServer({ dimensions: 3 })
    server.script({ kind: 'reset' }, { kind: 'shuffled' }, { kind: 'missingIndex' }, { kind: 'nonFinite' })
    await expect(post({ model: 'm', input: ['a'] })).rejects.toThrow()
    const texts = Array.from({ length: 10 }, (_, i) => `t${i}`)
    const shuffled = (await (await post({ model: 'm', input: texts })).json()) as {
      data: Array<{ index: number }>
    }
    const order = shuffled.data.map((item) => item.index)
    expect(order).not.toEqual([...order].sort((a, b) => a - b))
    expect([...order].sort((a, b) => a - b)).toEqual(texts.map((_, i) => i))
    const missing = (await (await post({ model: 'm', input: ['a', 'b'] })).json()) as { data: Array<object> }
    expect(missing.data[0]).not.toHaveProperty('index')
    const nan = (await (await post({ model: 'm', input: ['a'] })).json()) as {
      data: Array<{ embedding: unknown[] }>
    }
    expect(nan.data[0]!.embedding[0]).toBe('NaN')
  })

  it('limits concurrency when asked, and close() ends hanging requests', async () => {
    server = await startFakeEmbeddingsServer({ dimensions: 2, maxConcurrent: 2, latencyMs: 20 })
    await Promise.all(Array.from({ length: 6 }, () => post({ model: 'm', input: ['a'] })))
    expect(server.requests).toHaveLength(6)
    expect(server.maxInFlight).toBe(6)
    server.script({ kind: 'hang' })
    const hanging = post({ model: 'm', input: ['a'] })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await server.close()
    await expect(hanging).rejects.toThrow()
  })
})
