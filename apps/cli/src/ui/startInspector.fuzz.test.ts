import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { createMemory, type MemoryService } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { openEmbeddedStore, type PgVectorStore } from '@agent-memory/store-pgvector'
import { leakInReply } from '@agent-memory/testkit'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningInspector, startInspector } from './startInspector.js'

/** A key the process holds: no answer may carry it. */
const SECRET = `sk-or-v1-${'5e'.repeat(32)}`
/** A word only the other namespace's memories hold. */
const THEIRS = 'zebracorn'
const TOKEN = 't'.repeat(43)

interface Answer {
  status: number
  body: string
}

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, setHost: false, agent: false },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

/** Raw bytes on the HTTP port: what came back before the server closed. */
function sendRaw(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(text))
    socket.setTimeout(2_000, () => socket.destroy())
    socket.on('connect', () => socket.end(bytes))
  })
}

describe('inspector HTTP endpoints under fuzzed requests (fast-check, bounded)', { timeout: 300_000 }, () => {
  const embedder = createHashingEmbedder({ dimensions: 64 })
  let store: PgVectorStore
  let memory: MemoryService
  let inspector: RunningInspector
  const theirIds: string[] = []

  beforeAll(async () => {
    store = await openEmbeddedStore({ dimensions: 64, model: embedder.model, handleSignals: false })
    const real = createMemory({ store, embedder })
    await real.remember('ada', { content: 'Ada drinks green tea every morning' })
    await real.remember('ada', { content: 'Ada keeps a vegetable garden' })
    for (const content of [`Bob the ${THEIRS} drinks coffee`, `Bob owns a ${THEIRS} boat`]) {
      theirIds.push((await real.remember('bob', { content })).id)
    }
    // A failing dependency whose error carries a key and a stack, as a provider's might.
    memory = {
      ...real,
      recall: (namespace, query, options) =>
        query.includes('boom')
          ? Promise.reject(new Error(`provider refused ${SECRET}`))
          : real.recall(namespace, query, options),
    } as MemoryService
    inspector = await startInspector(
      { memory, store, embedder, storeDescription: 'embedded PGlite in memory' },
      { token: TOKEN },
    )
  })
  afterAll(async () => {
    await inspector?.close()
    await store?.close()
  })

  const theirs = async () =>
    (await store.list('bob', { limit: 100 })).map((m) => `${m.id}:${m.content}:${m.supersededBy}`).sort()

  const pathArb = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('/', '/memories', '/search', '/memory', '/forget', '/repair') },
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        '/api/namespaces',
        '/api/memories',
        '/api/memory',
        '/api/memory/supersede',
        '/api/search',
        '/api/repair',
      ),
    },
    fc.constantFrom('/assets/inspector.css', '/assets/inspector.js', '/api/', '/api/../../etc/passwd', '//x'),
    fc.webPath(),
  )
  const valueArb = fc.oneof(
    fc.constantFrom('ada', 'carol', '', 'boom', 'green tea', 'semantic', '5', '-1', '1e9', 'hybrid'),
    fc.string({ maxLength: 30 }),
  )
  const idArb = fc.oneof(
    valueArb,
    fc.nat().map((n) => `@their:${n}`),
  )
  /** A path with a query string it accepts, so the runs reach the handlers and not only the checks. */
  const targetedArb = fc
    .oneof(
      fc
        .record({ namespace: valueArb, q: fc.oneof(fc.constant('tea boom'), valueArb) })
        .map((query) => ({ path: fc.constantFrom('/api/search'), query })),
      fc
        .record({ ns: valueArb, q: valueArb, mode: fc.constantFrom('hybrid', 'vector', 'keyword') })
        .map((query) => ({ path: fc.constantFrom('/search'), query })),
      fc
        .record({ namespace: valueArb, id: idArb })
        .map((query) => ({ path: fc.constantFrom('/api/memory', '/api/memory/supersede'), query })),
      fc
        .record({ ns: valueArb, id: idArb })
        .map((query) => ({ path: fc.constantFrom('/memory', '/forget'), query })),
      fc
        .record({ namespace: valueArb, tier: fc.constantFrom('semantic', 'episodic'), limit: valueArb })
        .map((query) => ({ path: fc.constantFrom('/api/memories'), query })),
    )
    .chain(({ path, query }) =>
      path.map((chosen) => ({ path: chosen, query: query as Record<string, string> })),
    )
  const queryArb = fc.record(
    {
      namespace: valueArb,
      ns: valueArb,
      id: idArb,
      q: valueArb,
      query: valueArb,
      limit: valueArb,
      mode: valueArb,
      tier: valueArb,
      other: valueArb,
    },
    { requiredKeys: [] },
  )
  const tokenArb = fc.oneof(
    { weight: 4, arbitrary: fc.constant({ query: TOKEN }) },
    { weight: 2, arbitrary: fc.constant({ bearer: TOKEN }) },
    fc.constant({}),
    fc.string({ maxLength: 50 }).map((wrong) => ({ query: wrong })),
    fc.constant({ query: `${TOKEN}x` }),
    fc.constant({ bearer: TOKEN.slice(1) }),
  )
  const hostArb = fc.oneof(
    { weight: 4, arbitrary: fc.constant('own') },
    fc.constantFrom('evil.example', 'localhost', '127.0.0.1:1', 'none'),
  )
  const bodyArb = fc.oneof(
    fc.constant(undefined),
    fc.record({ namespace: valueArb, content: valueArb }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
    fc.json(),
    fc.string({ maxLength: 200 }),
  )
  const requestArb = fc.record({
    method: fc.constantFrom(
      'GET',
      'GET',
      'POST',
      'DELETE',
      'PUT',
      'PATCH',
      'HEAD',
      'OPTIONS',
      'TRACE',
      'PROPFIND',
    ),
    target: fc.oneof(
      { weight: 3, arbitrary: targetedArb },
      fc.record({ path: pathArb, query: queryArb as fc.Arbitrary<Record<string, string>> }),
    ),
    token: tokenArb,
    host: hostArb,
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', ''),
    body: bodyArb,
    extraHeader: fc.option(
      fc.tuple(fc.constantFrom('x-forwarded-for', 'origin', 'cookie', 'x-x'), fc.string({ maxLength: 40 })),
    ),
  })

  it('guards every endpoint, answers without a stack or key, never touches another namespace, and serves the next', async () => {
    const before = await theirs()
    let admitted = 0
    let failed = 0
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        const params = new URLSearchParams()
        for (const [key, value] of Object.entries(r.target.query)) {
          const their = /^@their:(\d+)$/.exec(value)
          params.set(key, their ? theirIds[Number(their[1]) % theirIds.length]! : value)
        }
        if ('query' in r.token) params.set('token', r.token.query)
        const headers: Record<string, string> = {}
        if (r.host !== 'none') headers.host = r.host === 'own' ? `127.0.0.1:${inspector.port}` : r.host
        if ('bearer' in r.token) headers.authorization = `Bearer ${r.token.bearer}`
        if (r.contentType !== '') headers['content-type'] = r.contentType
        if (r.extraHeader !== null) headers[r.extraHeader[0]] = r.extraHeader[1].replace(/[^\x20-\x7e]/g, '')
        const body = r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body
        const path = `${r.target.path}?${params}`
        const answer = await send(inspector.port, r.method, path, headers, body)
        const allowed =
          r.host === 'own' &&
          (('query' in r.token && r.token.query === TOKEN) ||
            ('bearer' in r.token && r.token.bearer === TOKEN))
        if (!allowed) {
          // Node's HTTP server itself answers 400, before the app, to a request it will not parse
          // (an HTTP/1.1 request without a Host header, a TRACE with a body).
          expect(answer.status === 403 || (answer.status === 400 && answer.body === '')).toBe(true)
          if (r.host === 'none') expect(answer.status).toBe(400)
          expect(answer.body).toMatch(/^(forbidden: [a-zA-Z ]+\n)?$/)
        } else {
          admitted++
          // A 500 is the store or service failing (here: the provider refusing), said in a sentence.
          if (answer.status === 500) failed++
        }
        expect(leakInReply(answer.body, [SECRET, allowed ? '' : TOKEN])).toBeUndefined()
        // Bob's memories are named only by id here; their content never appears, and never changes.
        expect(answer.body).not.toContain(THEIRS)
        expect(await theirs()).toEqual(before)
        const next = await send(
          inspector.port,
          'GET',
          `/api/memories?namespace=ada&token=${TOKEN}`,
          { host: `127.0.0.1:${inspector.port}` },
          undefined,
        )
        expect(next.status).toBe(200)
        const listed = JSON.parse(next.body) as { memories: Array<{ namespace: string }> }
        expect(listed.memories.length).toBeGreaterThan(0)
        expect(listed.memories.every((m) => m.namespace === 'ada')).toBe(true)
      }),
      { numRuns: 250, seed: Number(process.env.FUZZ_SEED ?? 40) },
    )
    expect(admitted).toBeGreaterThan(50)
    expect(failed).toBeGreaterThan(0)
  })

  it('survives raw bytes on its port and keeps serving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
          fc
            .string({ maxLength: 200 })
            .map((line) => Buffer.from(`GET /${line} HTTP/1.1\r\nHost: x\r\n\r\n`)),
          fc.nat().map((n) => Buffer.from(`POST /api/repair HTTP/1.1\r\nContent-Length: ${n}\r\n\r\n{`)),
        ),
        async (bytes) => {
          const reply = await sendRaw(inspector.port, bytes)
          expect(leakInReply(reply, [SECRET, TOKEN])).toBeUndefined()
          expect(reply).not.toContain(THEIRS)
          const next = await send(
            inspector.port,
            'GET',
            `/api/namespaces?token=${TOKEN}`,
            {
              host: `localhost:${inspector.port}`,
            },
            undefined,
          )
          expect(next.status).toBe(200)
        },
      ),
      { numRuns: 60, seed: Number(process.env.FUZZ_SEED ?? 40) },
    )
  })
})
