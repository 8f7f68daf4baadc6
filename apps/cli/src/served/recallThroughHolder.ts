import { connect } from 'node:net'
import type { RecallResult } from '@agent-memory/core'
import type { RecallReply } from './RecallReply.js'
import type { RecallRequest } from './RecallRequest.js'
import { reviveRecallResult } from './reviveRecallResult.js'

export interface ServedRecallResult {
  result: RecallResult
  servedBy: string
  embedderDescription: string
}

export interface RecallThroughHolderOptions {
  signal?: AbortSignal
  /** Diagnostics (`--debug`): why the holder was not used. */
  log?: (line: string) => void
}

/**
 * Asks the process holding the data directory to run the whole recall (`serveRecall`). Resolves
 * to `undefined` whenever that is not possible — nobody serves the directory, the holder declined
 * (other embedder settings, another wire version, a failure) or went away before answering — and
 * the command then opens the store itself: a recall only reads, so running it again is safe.
 */
export async function recallThroughHolder(
  socketPath: string,
  request: RecallRequest,
  options: RecallThroughHolderOptions = {},
): Promise<ServedRecallResult | undefined> {
  const { signal, log } = options
  signal?.throwIfAborted()
  const line = await new Promise<string | undefined>((resolve, reject) => {
    const socket = connect(socketPath)
    let received = ''
    let connected = false
    const onAbort = () => {
      socket.destroy()
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    socket.setEncoding('utf8')
    socket.on('connect', () => {
      connected = true
      socket.write(`${JSON.stringify(request)}\n`)
    })
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // ENOENT / ECONNREFUSED: no holder serves recalls here (or a dead one left its socket).
      if (error.code !== 'ENOENT' && error.code !== 'ECONNREFUSED') log?.(`recall server: ${error.message}`)
    })
    socket.on('close', () => {
      signal?.removeEventListener('abort', onAbort)
      const end = received.indexOf('\n')
      if (end < 0 && connected) log?.('recall server: went away before answering; opening the store here')
      resolve(end < 0 ? undefined : received.slice(0, end))
    })
  })
  if (line === undefined) return undefined
  let reply: RecallReply
  try {
    reply = JSON.parse(line) as RecallReply
  } catch {
    log?.('recall server: sent an unreadable answer; opening the store here')
    return undefined
  }
  if (!reply.ok) {
    log?.(`recall server declined (${reply.reason}): ${reply.message}; opening the store here`)
    return undefined
  }
  return {
    result: reviveRecallResult(reply.result),
    servedBy: reply.servedBy,
    embedderDescription: reply.embedder,
  }
}
