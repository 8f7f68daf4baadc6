import { createConnection } from 'node:net'
import type { SoakCalls } from './SoakCalls.js'

/**
 * Searches through the recall socket (one JSON line per connection, as `agent-memory search`
 * asks the process that holds a data directory); every other call through `writes`.
 */
export function recallSocketCalls(socketPath: string, embedderKey: string, writes: SoakCalls): SoakCalls {
  return {
    ...writes,
    paths: { search: 'recall socket' },
    search: (namespace, query) =>
      new Promise((resolve, reject) => {
        const socket = createConnection(socketPath)
        let reply = ''
        socket.setEncoding('utf8')
        socket.on('error', reject)
        socket.on('data', (chunk: string) => {
          reply += chunk
        })
        socket.on('end', () => {
          try {
            const answer = JSON.parse(reply) as {
              ok: boolean
              message?: string
              result?: { degraded?: string }
            }
            if (!answer.ok) reject(new Error(`recall socket declined: ${answer.message}`))
            else resolve({ degraded: answer.result?.degraded === 'keyword_only' })
          } catch {
            reject(new Error(`recall socket: an unreadable reply (${reply.slice(0, 80)})`))
          }
        })
        socket.write(
          `${JSON.stringify({ v: 1, embedder: embedderKey, namespace, query, options: { limit: 5 } })}\n`,
        )
      }),
  }
}
