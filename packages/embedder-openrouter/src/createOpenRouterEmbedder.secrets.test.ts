import { randomBytes } from 'node:crypto'
import { inspect } from 'node:util'
import { EmbeddingError } from '@agent-memory/core'
import type { EmbeddingsFault, FakeEmbeddingsServer } from '@agent-memory/testkit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { canaryKey, setUp } from './__fixtures__/harness.js'

/** Everything an error exposes: message, stack, fields, the cause chain, inspect and JSON forms. */
function everythingIn(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 10; depth++) {
    parts.push(String(current), inspect(current, { depth: Number.POSITIVE_INFINITY, showHidden: true }))
    if (typeof current === 'object') {
      const record = current as Record<string, unknown>
      parts.push(String(record.message), String(record.stack), String(record.bodyExcerpt))
      try {
        parts.push(JSON.stringify(current, Object.getOwnPropertyNames(current)))
      } catch {}
      current = record.cause
    } else current = undefined
  }
  return parts.join('\n')
}

const SCENARIOS: Array<[string, (key: string) => EmbeddingsFault[]]> = [
  ['401 echoing the Authorization header', () => [{ kind: 'echoAuth' }]],
  [
    '500 echoing the Authorization header, retried until exhausted',
    () => Array(3).fill({ kind: 'echoAuth', status: 500 }),
  ],
  [
    '403 whose body holds the bare key',
    (key) => [{ kind: 'status', status: 403, body: { error: { message: `key ${key} is forbidden` } } }],
  ],
  [
    '400 whose body holds the key URL-encoded',
    (key) => [{ kind: 'status', status: 400, body: `bad key=${encodeURIComponent(key)}` }],
  ],
  [
    '200 with an error body holding the key',
    (key) => [{ kind: 'errorBody', message: `rejected ${key}`, code: 400 }],
  ],
  [
    '429 with a body holding the key',
    (key) => Array(3).fill({ kind: 'status', status: 429, body: `slow down ${key}` }),
  ],
  ['a connection reset', () => Array(3).fill({ kind: 'reset' })],
  ['a reset in the middle of the body', () => Array(3).fill({ kind: 'resetMidBody' })],
  ['malformed JSON', () => Array(3).fill({ kind: 'malformedJson' })],
  ['a wrong dimension', () => [{ kind: 'wrongDimension' }]],
]

describe('the API key never leaks', () => {
  const captured: string[] = []
  const restore: Array<() => void> = []

  beforeAll(() => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const spy = vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        captured.push(args.map((a) => inspect(a, { depth: Number.POSITIVE_INFINITY })).join(' '))
      })
      restore.push(() => spy.mockRestore())
    }
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream)
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        captured.push(String(chunk))
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest)
      }) as typeof stream.write
      restore.push(() => {
        stream.write = write
      })
    }
  })
  afterAll(() => {
    for (const undo of restore.splice(0)) undo()
  })

  // Two shapes of key: an OpenRouter-shaped one (which pattern redaction also knows) and one of
  // no known shape (only the verbatim scrub can catch it).
  const keys = [canaryKey(), `zz${randomBytes(12).toString('hex')}canary`]

  for (const key of keys) {
    describe(`key shaped ${key.slice(0, 6)}…`, () => {
      it.each(SCENARIOS)('after %s', async (_name, faults) => {
        let server: FakeEmbeddingsServer | undefined
        try {
          const setup = await setUp({ apiKey: key, maxRetries: 2 })
          server = setup.server
          server.script(...faults(key))
          const error = await setup.embedder.embed(['hello', 'world']).catch((e: unknown) => e)
          expect(EmbeddingError.isInstance(error)).toBe(true)
          // The server did receive the key: the test would be vacuous otherwise.
          expect(server.requests[0]!.headers.authorization).toBe(server.authorizationHash(`Bearer ${key}`))
          const exposed = [everythingIn(error), JSON.stringify(setup.usages), captured.join('\n')].join('\n')
          expect(exposed).not.toContain(key)
          expect(exposed).not.toContain(key.slice(-16))
          expect(exposed).not.toContain('sk-or-v1-')
        } finally {
          await server?.close()
        }
      })
    })
  }

  it('keeps the echoed text useful: the excerpt shows the server message with the key redacted', async () => {
    const key = keys[0]!
    const setup = await setUp({ apiKey: key })
    try {
      setup.server.script({ kind: 'echoAuth' })
      const error = (await setup.embedder.embed(['a']).catch((e: unknown) => e)) as EmbeddingError
      expect(error.status).toBe(401)
      expect(error.retryable).toBe(false)
      expect(error.bodyExcerpt).toContain('Invalid credentials')
      expect(error.bodyExcerpt).toContain('[REDACTED]')
    } finally {
      await setup.server.close()
    }
  })
})
