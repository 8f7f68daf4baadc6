import { afterEach, describe, expect, it } from 'vitest'
import { type FakeChatServer, startFakeChatServer } from './startFakeChatServer.js'

let server: FakeChatServer
afterEach(async () => {
  await server?.close()
})

const request = { model: 'm', messages: [{ role: 'user', content: 'hi' }] }
const post = (body: unknown = request, init: RequestInit = {}) =>
  fetch(`${server.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer chat-key' },
    body: JSON.stringify(body),
    ...init,
  })

type Completion = {
  object: string
  model: string
  choices: Array<{ message: { content: string | null; refusal?: string }; finish_reason: string }>
}

describe('startFakeChatServer', () => {
  it('answers scripted replies in order, OpenAI-shaped, and records requests without the key', async () => {
    server = await startFakeChatServer()
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
    server.script({ kind: 'content', content: 'hello' }, { kind: 'json', value: { a: [1] } })
    const first = (await (await post()).json()) as Completion
    expect(first).toMatchObject({ object: 'chat.completion', model: 'm' })
    expect(first.choices[0]!.message.content).toBe('hello')
    expect(first.choices[0]!.finish_reason).toBe('stop')
    const second = (await (await post()).json()) as Completion
    expect(JSON.parse(second.choices[0]!.message.content!)).toEqual({ a: [1] })
    expect(server.requests.map((r) => r.outcome)).toEqual(['content', 'json'])
    expect(server.requests[0]!.messages).toEqual([{ role: 'user', content: 'hi' }])
    expect(server.requests[0]!.headers.authorization).toBe(server.authorizationHash('Bearer chat-key'))
    expect(JSON.stringify(server.requests)).not.toContain('chat-key')
  })

  it('is loud when nothing is scripted, and falls back to the reply function', async () => {
    server = await startFakeChatServer({
      reply: (r) => (r.number === 2 ? { kind: 'content', content: 'second' } : undefined),
    })
    expect((await post()).status).toBe(500)
    const second = (await (await post()).json()) as Completion
    expect(second.choices[0]!.message.content).toBe('second')
  })

  it('refuses bad requests and a missing key', async () => {
    server = await startFakeChatServer({ apiKey: 'chat-key' })
    expect((await post({ messages: [] })).status).toBe(400)
    expect((await post({ model: 'm', messages: [] })).status).toBe(400)
    expect((await post({ ...request, stream: true })).status).toBe(400)
    expect((await post(request, { headers: { 'content-type': 'application/json' } })).status).toBe(401)
    expect(server.requests.map((r) => r.outcome)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'unauthorized',
    ])
  })

  it('injects faults: malformed JSON, refusal, 429 with Retry-After, status, hang', async () => {
    server = await startFakeChatServer()
    server.script(
      { kind: 'malformedJson' },
      { kind: 'refusal' },
      { kind: 'rateLimit', retryAfterSeconds: 2, retryAfterMs: 1500 },
      { kind: 'status', status: 503 },
      { kind: 'delay', ms: 20, reply: { kind: 'content', content: 'late' } },
      { kind: 'hang' },
    )
    const malformed = await post()
    expect(malformed.status).toBe(200)
    await expect(malformed.json()).rejects.toThrow()
    const refusal = (await (await post()).json()) as Completion
    expect(refusal.choices[0]!.message.content).toBeNull()
    expect(refusal.choices[0]!.message.refusal).toMatch(/can't help/)
    const limited = await post()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('2')
    expect(limited.headers.get('retry-after-ms')).toBe('1500')
    expect((await post()).status).toBe(503)
    const late = (await (await post()).json()) as Completion
    expect(late.choices[0]!.message.content).toBe('late')
    await expect(post(request, { signal: AbortSignal.timeout(200) })).rejects.toThrow()
    expect(server.requests[5]!.outcome).toBe('hang')
    expect(server.requests[5]!.status).toBeUndefined()
  })
})
