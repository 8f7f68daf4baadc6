import { statSync } from 'node:fs'
import { connect } from 'node:net'
import path from 'node:path'
import { createMemory, type MemoryService } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { InMemoryStore } from '@agent-memory/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { temporaryDirectory } from '../__fixtures__/cliProcess.js'
import { embedderChoiceKey } from './embedderChoiceKey.js'
import type { RecallRequest } from './RecallRequest.js'
import { recallThroughHolder } from './recallThroughHolder.js'
import { type RecallServer, serveRecall } from './serveRecall.js'

/** Sends raw bytes and returns what the server wrote back before closing. */
function exchange(socketPath: string, bytes: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath)
    let received = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(received))
    socket.on('connect', () => socket.write(bytes))
  })
}

describe('recalls answered by the holder of a data directory (recall.sock)', () => {
  const embedder = createHashingEmbedder()
  const key = embedderChoiceKey({ kind: 'hashing' })
  let memory: MemoryService
  let server: RecallServer
  let socketPath: string
  let remove: () => Promise<void>
  const logged: string[] = []
  const request = (overrides: Partial<RecallRequest> = {}): RecallRequest => ({
    v: 1,
    embedder: key,
    namespace: 'ada',
    query: 'green tea',
    options: { limit: 5 },
    ...overrides,
  })

  beforeAll(async () => {
    let dir: string
    ;({ dir, remove } = await temporaryDirectory('am-recall-'))
    socketPath = path.join(dir, 'recall.sock')
    memory = createMemory({
      store: new InMemoryStore({ dimensions: embedder.dimensions, model: embedder.model }),
      embedder,
    })
    await memory.remember('ada', {
      content: 'Ada drinks green tea every morning',
      tags: ['drinks'],
      validFrom: new Date('2024-01-01T00:00:00Z'),
    })
    await memory.remember('ada', { content: 'Ada keeps a vegetable garden', tier: 'episodic' })
    server = await serveRecall({
      socketPath,
      memory,
      embedderKey: key,
      embedderDescription: 'hashing (test)',
      log: (line) => logged.push(line),
    })
  })
  afterAll(async () => {
    await server.close()
    await memory.close()
    await remove()
  })

  it('answers what the service answers, dates as dates, and only to its owner', async () => {
    expect(statSync(socketPath).mode & 0o777).toBe(0o600)
    const served = await recallThroughHolder(socketPath, request())
    const direct = await memory.recall('ada', 'green tea', { limit: 5 })
    expect(served?.servedBy).toMatch(new RegExp(`^process ${process.pid} \\(`))
    expect(served?.embedderDescription).toBe('hashing (test)')
    expect(served?.result.hits.map((hit) => hit.memory.id)).toEqual(direct.hits.map((hit) => hit.memory.id))
    const [first] = served?.result.hits ?? []
    expect(first?.memory.createdAt).toBeInstanceOf(Date)
    expect(first?.memory.validFrom?.toISOString()).toBe('2024-01-01T00:00:00.000Z')
    expect(first?.memory.expiresAt).toBeNull()
    expect(first?.scores.relevance).toBeCloseTo(direct.hits[0]!.scores.relevance, 6)
  })

  it('passes filters across: tiers, tags and as-of', async () => {
    const episodic = await recallThroughHolder(
      socketPath,
      request({ query: 'Ada', options: { filter: { tiers: ['episodic'] } } }),
    )
    expect(episodic?.result.hits.map((hit) => hit.memory.content)).toEqual(['Ada keeps a vegetable garden'])
    const tagged = await recallThroughHolder(
      socketPath,
      request({ query: 'Ada', options: { filter: { tags: ['drinks'] } } }),
    )
    expect(tagged?.result.hits.map((hit) => hit.memory.content)).toEqual([
      'Ada drinks green tea every morning',
    ])
    const before = await recallThroughHolder(
      socketPath,
      request({ query: 'green tea', options: { filter: { asOf: '2023-06-01T00:00:00Z' } } }),
    )
    expect(before?.result.hits.map((hit) => hit.memory.content)).not.toContain(
      'Ada drinks green tea every morning',
    )
    const after = await recallThroughHolder(
      socketPath,
      request({ query: 'green tea', options: { filter: { asOf: '2025-06-01T00:00:00Z' } } }),
    )
    expect(after?.result.hits.map((hit) => hit.memory.content)).toContain(
      'Ada drinks green tea every morning',
    )
  })

  it('declines other embedder settings, other versions, bad shapes and invalid values; the client then opens the store itself', async () => {
    const declined: string[] = []
    const log = (line: string) => declined.push(line)
    expect(
      await recallThroughHolder(
        socketPath,
        request({ embedder: embedderChoiceKey({ kind: 'hashing', dimensions: 256 }) }),
        { log },
      ),
    ).toBeUndefined()
    expect(
      await recallThroughHolder(socketPath, { ...request(), v: 2 } as unknown as RecallRequest, { log }),
    ).toBeUndefined()
    expect(await recallThroughHolder(socketPath, request({ namespace: '' }), { log })).toBeUndefined()
    expect(declined.join('\n')).toMatch(/declined \(embedder\)/)
    expect(declined.join('\n')).toMatch(/declined \(version\)/)
    expect(declined.join('\n')).toMatch(/declined \(failed\): .*namespace/)
  })

  it('survives hostile bytes: not JSON, wrong shapes, a line past the cap, a client that hangs up', async () => {
    const replies = [
      await exchange(socketPath, 'not json\n'),
      await exchange(socketPath, `${JSON.stringify({ ...request(), options: { limit: 'ten' } })}\n`),
      await exchange(socketPath, `${JSON.stringify({ ...request(), extra: true })}\n`),
      await exchange(socketPath, Buffer.alloc(1024 * 1024 + 10, 'a')),
    ].map((reply) => JSON.parse(reply) as { ok: boolean; reason: string })
    expect(replies.map((reply) => [reply.ok, reply.reason])).toEqual([
      [false, 'invalid'],
      [false, 'invalid'],
      [false, 'invalid'],
      [false, 'invalid'],
    ])
    await new Promise<void>((resolve) => {
      const socket = connect(socketPath, () => {
        socket.write('{"v":1,')
        socket.destroy()
        resolve()
      })
    })
    // Still serving.
    expect((await recallThroughHolder(socketPath, request()))?.result.hits.length).toBeGreaterThan(0)
    expect(logged.some((line) => /declined a request \(invalid\)/.test(line))).toBe(true)
  })

  it('a holder that goes away before answering, or is not there, leaves the command to open the store', async () => {
    const { dir: other, remove: removeOther } = await temporaryDirectory('am-recall-')
    try {
      const { createServer } = await import('node:net')
      const dying = createServer((socket) => socket.destroy())
      const dyingPath = path.join(other, 'recall.sock')
      await new Promise<void>((resolve) => dying.listen(dyingPath, resolve))
      const said: string[] = []
      expect(
        await recallThroughHolder(dyingPath, request(), { log: (line) => said.push(line) }),
      ).toBeUndefined()
      expect(said.join('\n')).toMatch(/went away before answering/)
      await new Promise((resolve) => dying.close(resolve))
      expect(await recallThroughHolder(path.join(other, 'nobody.sock'), request())).toBeUndefined()
    } finally {
      await removeOther()
    }
  })

  it('Ctrl-C while waiting rejects with the abort reason', async () => {
    const controller = new AbortController()
    const reason = new Error('interrupted by SIGINT')
    controller.abort(reason)
    await expect(recallThroughHolder(socketPath, request(), { signal: controller.signal })).rejects.toBe(
      reason,
    )
  })
})
