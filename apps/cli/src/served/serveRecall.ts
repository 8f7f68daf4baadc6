import { chmodSync, rmSync } from 'node:fs'
import { createServer, type Socket } from 'node:net'
import { type MemoryService, type RecallOptions, redactSecrets } from '@agent-memory/core'
import type { RecallReply } from './RecallReply.js'
import { RecallRequestSchema } from './RecallRequestSchema.js'
import { ServiceStatsRequestSchema } from './ServiceStatsRequestSchema.js'

/** A request is one line; anything longer than this is not one the CLI sends. */
const MAX_REQUEST_BYTES = 1024 * 1024

export interface ServeRecallOptions {
  socketPath: string
  memory: MemoryService
  /** `embedderChoiceKey` of this process's embedder: requests made with other settings are declined. */
  embedderKey: string
  embedderDescription: string
  /** Diagnostics (`--debug`): declined or broken requests. */
  log?: (line: string) => void
}

export interface RecallServer {
  close(): Promise<void>
}

/**
 * Answers whole recalls for other local commands on the directory this process holds: the query
 * is embedded and both legs run here, on the indexes this process keeps warm, so a served
 * `agent-memory search` costs one round trip instead of a statement-by-statement conversation
 * over the store socket (and needs none of the store, driver or embedder code at its end).
 * It also reports its service counters (`{ v: 1, stats: true }`: the embedding caches that live
 * here, for `agent-memory stats`).
 * The socket is 0600 in the 0700 socket directory; a request is one JSON line, the reply one line.
 */
export async function serveRecall(options: ServeRecallOptions): Promise<RecallServer> {
  const { socketPath, memory, embedderKey, embedderDescription } = options
  const servedBy = `process ${process.pid} (${process.argv.slice(1, 3).join(' ').slice(0, 200)})`
  const sockets = new Set<Socket>()

  const answer = async (line: string): Promise<RecallReply> => {
    let json: unknown
    try {
      json = JSON.parse(line)
    } catch {
      return { ok: false, reason: 'invalid', message: 'the request is not JSON' }
    }
    if ((json as { v?: unknown } | null)?.v !== 1) {
      return { ok: false, reason: 'version', message: 'this server speaks recall request version 1' }
    }
    if ((json as { stats?: unknown }).stats !== undefined) {
      const asked = ServiceStatsRequestSchema.safeParse(json)
      if (!asked.success) return { ok: false, reason: 'invalid', message: 'invalid stats request' }
      return { ok: true, servedBy, embedder: embedderDescription, result: memory.stats() }
    }
    const parsed = RecallRequestSchema.safeParse(json)
    if (!parsed.success) {
      return { ok: false, reason: 'invalid', message: parsed.error.issues[0]?.message ?? 'invalid request' }
    }
    const request = parsed.data
    if (request.embedder !== embedderKey) {
      return {
        ok: false,
        reason: 'embedder',
        message: 'the request names other embedder settings than this server uses',
      }
    }
    const { filter, ...rest } = request.options
    const recallOptions: RecallOptions = { ...rest }
    if (filter !== undefined) {
      const { asOf, ...kept } = filter
      recallOptions.filter = asOf === undefined ? kept : { ...kept, asOf: new Date(asOf) }
    }
    try {
      const result = await memory.recall(request.namespace, request.query, recallOptions)
      return { ok: true, servedBy, embedder: embedderDescription, result }
    } catch (error) {
      // The client runs the command itself after a decline and reports the failure in its own words.
      const message = error instanceof Error ? error.message : String(error)
      return { ok: false, reason: 'failed', message: redactSecrets(message) }
    }
  }

  const accept = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    let buffered = ''
    let answered = false
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      if (answered) return
      buffered += chunk
      const end = buffered.indexOf('\n')
      if (end < 0 && buffered.length <= MAX_REQUEST_BYTES) return
      answered = true
      const reply: Promise<RecallReply> =
        end < 0 || end > MAX_REQUEST_BYTES
          ? Promise.resolve({ ok: false, reason: 'invalid', message: 'the request is too long' })
          : answer(buffered.slice(0, end))
      void reply.then((sent) => {
        if (!sent.ok) options.log?.(`recall server: declined a request (${sent.reason}): ${sent.message}`)
        socket.end(`${JSON.stringify(sent)}\n`)
      })
    })
  }

  // This process holds the directory's lock, so a socket left at this path is a dead holder's.
  rmSync(socketPath, { force: true })
  const server = createServer(accept)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => {
      server.off('error', reject)
      resolve()
    })
  })
  chmodSync(socketPath, 0o600)
  server.on('error', (error) => options.log?.(`recall server: ${error.message}`))

  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await closed
      rmSync(socketPath, { force: true })
    },
  }
}
