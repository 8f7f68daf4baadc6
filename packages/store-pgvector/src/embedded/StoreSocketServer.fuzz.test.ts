import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { leakInReply } from '@agent-memory/testkit'
import fc from 'fast-check'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PgVectorStore } from '../store/PgVectorStore.js'
import { openEmbeddedStore } from './openEmbeddedStore.js'
import { storeSocketPath } from './storeSocketPath.js'

const dims = 4
const PROTOCOL_3 = 196608
const SSL_REQUEST = 80877103

/** A frontend message: type byte, a length that may lie, and a body. */
function message(type: number, body: Buffer, length = body.length + 4): Buffer {
  const head = Buffer.alloc(5)
  head[0] = type
  head.writeInt32BE(length | 0, 1)
  return Buffer.concat([head, body])
}

function startup(parameters: Record<string, string> = { user: 'postgres', database: 'postgres' }): Buffer {
  const pairs = Object.entries(parameters).flat()
  const body = Buffer.from(`${pairs.join('\0')}\0\0`, 'utf8')
  const head = Buffer.alloc(8)
  head.writeInt32BE(body.length + 8, 0)
  head.writeInt32BE(PROTOCOL_3, 4)
  return Buffer.concat([head, body])
}

const cString = (text: string) => Buffer.from(`${text}\0`, 'utf8')

/** One fuzzed conversation: bytes to write, and whether to hang up before the server answers. */
interface Conversation {
  bytes: Buffer
  hangUpAfter: number | undefined
}

/** Writes the bytes (cut short when hanging up) and returns what came back before the close. */
function converse(socketPath: string, conversation: Conversation): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath)
    const received: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server neither answered nor closed within 20 s`))
    }, 20_000)
    const done = () => {
      clearTimeout(timer)
      resolve(Buffer.concat(received))
    }
    socket.on('data', (chunk) => received.push(chunk))
    socket.on('error', () => undefined)
    socket.on('close', done)
    socket.on('connect', () => {
      const { bytes, hangUpAfter } = conversation
      if (hangUpAfter !== undefined) {
        socket.write(bytes.subarray(0, hangUpAfter % (bytes.length + 1)), () => socket.destroy())
        return
      }
      // Terminate after the messages, so a well-formed conversation ends as a client's would.
      socket.end(Buffer.concat([bytes, message(0x58, Buffer.alloc(0))]))
    })
  })
}

describe('store socket under fuzzed wire messages (fast-check, bounded)', { timeout: 300_000 }, () => {
  let dir: string
  let store: PgVectorStore
  const errors: Error[] = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'am-sfz-'))
    store = await openEmbeddedStore({
      dataDir: dir,
      model: 'fuzz',
      dimensions: dims,
      handleSignals: false,
      serve: { holdTimeoutMs: 2_000, onClientError: (error) => errors.push(error) },
    })
    const write = (id: string, x: number) => ({
      id,
      tier: 'semantic' as const,
      content: `memory ${id} about tea`,
      fingerprint: id,
      embedding: Float32Array.from([1, x, 0, 0]),
    })
    await store.upsert('ada', [write('ada-1', 0), write('ada-2', 0.5)])
    await store.upsert('bob', [write('bob-1', 0.2)])
  })
  afterAll(async () => {
    await store?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const sqlArb = fc.oneof(
    fc.constantFrom(
      'SELECT 1',
      'SELECT count(*) FROM memories',
      'BEGIN',
      'BEGIN; SELECT 1',
      "SELECT pg_sleep(0.01); SELECT 'x'",
      'SELEC garbage',
      "SELECT repeat('x', 100000)",
      '',
    ),
    fc.string({ maxLength: 80 }),
  )
  const messageArb = fc.oneof(
    sqlArb.map((sql) => message(0x51, cString(sql))),
    fc
      .tuple(fc.string({ maxLength: 10 }), sqlArb)
      .map(([name, sql]) => message(0x50, Buffer.concat([cString(name), cString(sql), Buffer.from([0, 0])]))),
    fc.constant(message(0x53, Buffer.alloc(0))),
    fc.constant(message(0x48, Buffer.alloc(0))),
    // Known types with bodies that do not parse.
    fc
      .tuple(
        fc.constantFrom(0x42, 0x44, 0x45, 0x43, 0x46, 0x64, 0x63, 0x66, 0x70),
        fc.uint8Array({ maxLength: 64 }),
      )
      .map(([type, body]) => message(type, Buffer.from(body))),
    // Any type byte, any body.
    fc
      .tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 64 }))
      .map(([type, body]) =>
        type === 0x58 ? message(0x53, Buffer.alloc(0)) : message(type, Buffer.from(body)),
      ),
    // Lengths that lie: negative, too short, huge (past the cap), large and never sent.
    fc
      .tuple(
        fc.constantFrom(-1, 0, 3, 0x7fffffff, 300 * 1024 * 1024, 200 * 1024 * 1024, 70_000),
        fc.uint8Array({ maxLength: 16 }),
      )
      .map(([length, body]) => message(0x51, Buffer.from(body), length)),
  )
  const openingArb = fc.oneof(
    { weight: 4, arbitrary: fc.constant(startup()) },
    fc.constant(
      Buffer.concat([
        (() => {
          const ssl = Buffer.alloc(8)
          ssl.writeInt32BE(8, 0)
          ssl.writeInt32BE(SSL_REQUEST, 4)
          return ssl
        })(),
        startup(),
      ]),
    ),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }).map(startup),
    fc.uint8Array({ minLength: 0, maxLength: 24 }).map((bytes) => Buffer.from(bytes)),
    fc.tuple(fc.integer(), fc.integer()).map(([length, code]) => {
      const head = Buffer.alloc(8)
      head.writeInt32BE(length | 0, 0)
      head.writeInt32BE(code | 0, 4)
      return head
    }),
  )
  const conversationArb: fc.Arbitrary<Conversation> = fc.record({
    bytes: fc
      .tuple(openingArb, fc.array(messageArb, { maxLength: 6 }))
      .map(([opening, messages]) => Buffer.concat([opening, ...messages])),
    hangUpAfter: fc.option(fc.nat(), { freq: 3 }),
  })

  it('never crashes, leaks a stack or changes the stored memories, and serves the next client', async () => {
    const client = () => {
      const raw = new pg.Client({ host: dirname(storeSocketPath(dir)), port: 5432, user: 'postgres' })
      raw.on('error', () => undefined)
      return raw
    }
    await fc.assert(
      fc.asyncProperty(conversationArb, async (conversation) => {
        const reply = await converse(storeSocketPath(dir), conversation)
        expect(leakInReply(reply.toString('latin1'))).toBeUndefined()
        const raw = client()
        await raw.connect()
        try {
          const counts = await raw.query<{ namespace: string; n: number }>(
            'SELECT namespace, count(*)::int AS n FROM memories GROUP BY namespace ORDER BY namespace',
          )
          expect(counts.rows).toEqual([
            { namespace: 'ada', n: 2 },
            { namespace: 'bob', n: 1 },
          ])
        } finally {
          await raw.end()
        }
        // The owner's own work still gets its turn.
        expect(
          (await store.searchVector('ada', Float32Array.from([1, 0, 0, 0]), { limit: 5 })).map(
            (hit) => hit.memory.id,
          ),
        ).toEqual(['ada-1', 'ada-2'])
      }),
      { numRuns: 120, seed: Number(process.env.FUZZ_SEED ?? 40) },
    )
    // The fuzz reached the protocol checks, not only the happy path.
    expect(errors.some((error) => /malformed/.test(error.message))).toBe(true)
  })
})
