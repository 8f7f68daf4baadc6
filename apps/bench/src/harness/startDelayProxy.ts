import { createConnection, createServer, type Socket } from 'node:net'

export interface DelayProxy {
  /** The port on 127.0.0.1 that forwards to the target. */
  port: number
  close(): Promise<void>
}

/**
 * A TCP proxy on 127.0.0.1 that forwards to `target` and holds every chunk the client sends for
 * `delayMs` before passing it on, in order (the answers come back at once): each round trip
 * between a client and the server then takes `delayMs` longer, as across a network, while a
 * pipelined burst (several messages written at once) still pays it once. Node's timers fire on
 * whole milliseconds, so a delay of 1 adds about 1–1.3 ms; measure it where it matters.
 */
export async function startDelayProxy(
  target: { host: string; port: number },
  delayMs: number,
): Promise<DelayProxy> {
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = createConnection(target)
    // As PostgreSQL and node-postgres do: a pipelined batch written in several chunks must not wait
    // for the first chunk's ACK (Nagle), which the added delay would turn into a stall of its own.
    client.setNoDelay(true)
    upstream.setNoDelay(true)
    sockets.add(client)
    sockets.add(upstream)
    const queue: Array<{ due: number; chunk: Buffer }> = []
    let timer: NodeJS.Timeout | undefined
    const flush = () => {
      timer = undefined
      const now = performance.now()
      while (queue.length > 0 && queue[0]!.due <= now) upstream.write(queue.shift()!.chunk)
      if (queue.length > 0) timer = setTimeout(flush, Math.max(0, queue[0]!.due - now))
    }
    client.on('data', (chunk: Buffer) => {
      queue.push({ due: performance.now() + delayMs, chunk })
      timer ??= setTimeout(flush, delayMs)
    })
    upstream.on('data', (chunk: Buffer) => client.write(chunk))
    const end = () => {
      if (timer !== undefined) clearTimeout(timer)
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('close', end)
    upstream.on('close', end)
    client.on('error', end)
    upstream.on('error', end)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the delay proxy has no TCP port')
  return {
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
