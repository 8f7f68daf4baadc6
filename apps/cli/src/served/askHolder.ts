import { connect } from 'node:net'
import type { RecallReply } from './RecallReply.js'

export interface AskHolderOptions {
  signal?: AbortSignal
  /** Diagnostics (`--debug`): why the holder was not used. */
  log?: (line: string) => void
}

/**
 * Sends one request line to the process holding the data directory (`serveRecall`) and reads its
 * one-line reply. Resolves to `undefined` whenever there is no usable answer — nobody serves the
 * directory, the holder declined (logged with its reason) or went away before answering, or the
 * reply is unreadable — so the caller does the work itself.
 */
export async function askHolder(
  socketPath: string,
  request: object,
  options: AskHolderOptions = {},
): Promise<Extract<RecallReply, { ok: true }> | undefined> {
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
  return reply
}
