import { connect } from 'node:net'
import path from 'node:path'
import { createMemory, type MemoryService, type RecallResult } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { InMemoryStore, leakInReply } from '@agent-memory/testkit'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { temporaryDirectory } from '../__fixtures__/cliProcess.js'
import { embedderChoiceKey } from './embedderChoiceKey.js'
import type { RecallRequest } from './RecallRequest.js'
import { recallThroughHolder } from './recallThroughHolder.js'
import { type RecallServer, serveRecall } from './serveRecall.js'

/** A key this process holds: no reply may ever carry it. */
const SECRET = `sk-or-v1-${'7f'.repeat(32)}`
const REASONS = new Set(['invalid', 'version', 'embedder', 'failed'])

/** What a client sends: whole lines, partial lines, or bytes it walks away from mid-request. */
interface Send {
  bytes: Buffer
  /** Hang up right after writing, without waiting for the reply. */
  hangUp: boolean
}

/** Writes `bytes`, half-closes, and returns the reply (empty when the client hung up first). */
function exchange(socketPath: string, send: Send): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath)
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (send.hangUp || error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve(received)
      else reject(error)
    })
    socket.on('close', () => resolve(received))
    socket.on('connect', () => {
      if (send.hangUp) {
        socket.write(send.bytes, () => socket.destroy())
        return
      }
      socket.end(send.bytes)
    })
  })
}

describe('recall.sock under fuzzed requests (fast-check, bounded)', () => {
  const embedder = createHashingEmbedder()
  const key = embedderChoiceKey({ kind: 'hashing' })
  let store: InMemoryStore
  let memory: MemoryService
  let server: RecallServer
  let socketPath: string
  let remove: () => Promise<void>

  beforeAll(async () => {
    let dir: string
    ;({ dir, remove } = await temporaryDirectory('am-rfuzz-'))
    socketPath = path.join(dir, 'recall.sock')
    store = new InMemoryStore({ dimensions: embedder.dimensions, model: embedder.model })
    const real = createMemory({ store, embedder })
    await real.remember('ada', { content: 'Ada drinks green tea every morning', tags: ['drinks'] })
    await real.remember('ada', { content: 'Ada keeps a vegetable garden', tier: 'episodic' })
    await real.remember('bob', { content: 'Bob drinks black coffee and green tea', tags: ['drinks'] })
    // A failing dependency whose error carries a key and a stack, as a provider's might.
    memory = {
      ...real,
      recall: (namespace, query, options) => {
        if (query.includes('boom')) {
          const error = new Error(`upstream refused key ${SECRET}`)
          return Promise.reject(error)
        }
        return real.recall(namespace, query, options)
      },
    } as MemoryService
    server = await serveRecall({
      socketPath,
      memory,
      embedderKey: key,
      embedderDescription: 'hashing (fuzz)',
    })
  })
  afterAll(async () => {
    await server.close()
    await memory.close()
    await remove()
  })

  const namespaceArb = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('ada', 'bob') },
    { weight: 1, arbitrary: fc.constantFrom('', 'ada/../bob', 'ADA', '*', 'ada\u0000') },
    { weight: 1, arbitrary: fc.string() },
  )
  const queryArb = fc.oneof(
    fc.constantFrom('green tea', 'boom', 'tea boom', "tea' OR 1=1 --", 'garden & | !', '\u0000'),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
  )
  const optionsArb = fc.oneof(
    { weight: 1, arbitrary: fc.constant({}) },
    fc.record(
      {
        limit: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.double(), fc.constant(1e308)),
        minScore: fc.double(),
        mode: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('hybrid', 'vector', 'keyword') },
          { weight: 1, arbitrary: fc.string() },
        ),
        filter: fc.record(
          {
            tiers: fc.array(fc.constantFrom('semantic', 'episodic', 'semantic', 'nope'), { maxLength: 2 }),
            tags: fc.array(fc.string(), { maxLength: 3 }),
            asOf: fc.oneof(
              { weight: 4, arbitrary: fc.constant('2025-01-01T00:00:00Z') },
              { weight: 1, arbitrary: fc.string() },
            ),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    ),
    fc.anything(),
  )
  const requestArb = fc.record(
    {
      v: fc.oneof(fc.constant(1), fc.constant(1), fc.anything()),
      embedder: fc.oneof(fc.constant(key), fc.constant(key), fc.string()),
      namespace: namespaceArb,
      query: queryArb,
      options: optionsArb,
    },
    { requiredKeys: ['v', 'embedder', 'namespace', 'query', 'options'] },
  )
  const sendArb: fc.Arbitrary<Send> = fc.oneof(
    {
      weight: 4,
      arbitrary: requestArb.map((request) => ({
        bytes: Buffer.from(`${JSON.stringify(request)}\n`),
        hangUp: false,
      })),
    },
    fc
      .tuple(requestArb, fc.dictionary(fc.string(), fc.anything(), { minKeys: 1, maxKeys: 2 }))
      .map(([request, extra]) => ({
        bytes: Buffer.from(`${JSON.stringify({ ...extra, ...request })}\n`),
        hangUp: false,
      })),
    fc.json().map((json) => ({ bytes: Buffer.from(`${json}\n`), hangUp: false })),
    // A line that is not JSON at all, and a request cut short but still ended by a newline.
    fc
      .string({ maxLength: 200 })
      .map((text) => ({ bytes: Buffer.from(`${text.replaceAll('\n', ' ')}\n`), hangUp: false })),
    fc.tuple(requestArb, fc.nat()).map(([request, cut]) => {
      const line = JSON.stringify(request)
      return { bytes: Buffer.from(`${line.slice(0, cut % line.length)}\n`), hangUp: false }
    }),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({ bytes: Buffer.from(bytes), hangUp: false })),
    fc.tuple(requestArb, fc.nat()).map(([request, cut]) => {
      const line = Buffer.from(`${JSON.stringify(request)}\n`)
      return { bytes: line.subarray(0, cut % line.length), hangUp: true }
    }),
  )

  it('answers every request with one JSON line of its own namespace, no stack or key, and serves the next', async () => {
    const seen = new Map<string, number>()
    let notJson = 0
    const before =
      (await store.list('ada', { limit: 100 })).length + (await store.list('bob', { limit: 100 })).length
    await fc.assert(
      fc.asyncProperty(sendArb, async (send) => {
        const reply = await exchange(socketPath, send)
        expect(leakInReply(reply, [SECRET])).toBeUndefined()
        if (reply !== '') {
          expect(reply.endsWith('\n')).toBe(true)
          expect(reply.indexOf('\n')).toBe(reply.length - 1)
          const parsed = JSON.parse(reply) as
            | { ok: true; result: RecallResult }
            | { ok: false; reason: string; message: string }
          const outcome = parsed.ok ? 'ok' : parsed.reason
          seen.set(outcome, (seen.get(outcome) ?? 0) + 1)
          if (!parsed.ok && parsed.message.startsWith('the request is not JSON')) notJson += 1
          if (parsed.ok) {
            const asked = JSON.parse(send.bytes.toString('utf8').trim()) as RecallRequest
            for (const hit of parsed.result.hits) expect(hit.memory.namespace).toBe(asked.namespace)
          } else {
            expect(REASONS.has(parsed.reason)).toBe(true)
            expect(typeof parsed.message).toBe('string')
          }
        } else {
          expect(send.hangUp || !send.bytes.includes(0x0a)).toBe(true)
        }
        const good: RecallRequest = { v: 1, embedder: key, namespace: 'ada', query: 'green tea', options: {} }
        const served = await recallThroughHolder(socketPath, good)
        expect(served?.result.hits.map((hit) => hit.memory.namespace)).toContain('ada')
        expect(served?.result.hits.every((hit) => hit.memory.namespace === 'ada')).toBe(true)
      }),
      { numRuns: 150, seed: Number(process.env.FUZZ_SEED ?? 40) },
    )
    const after =
      (await store.list('ada', { limit: 100 })).length + (await store.list('bob', { limit: 100 })).length
    expect(after).toBe(before)
    // The runs reached the service (answers and failures), not only the parser.
    expect(seen.get('ok')).toBeGreaterThan(5)
    expect(seen.get('failed')).toBeGreaterThan(0)
    expect(seen.get('invalid')).toBeGreaterThan(10)
    expect(notJson).toBeGreaterThan(5)
  })
})
