import { once } from 'node:events'
import { createConnection, createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startDelayProxy } from './startDelayProxy.js'

/** An echo server that answers each chunk with the same bytes. */
async function startEcho(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => socket.on('data', (chunk) => socket.write(chunk)))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { server, port: (server.address() as { port: number }).port }
}

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** Round trips of one byte through `port`, each answered before the next is sent; returns their times. */
async function roundTrips(port: number, count: number): Promise<number[]> {
  const socket = createConnection({ host: '127.0.0.1', port })
  await once(socket, 'connect')
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const t0 = performance.now()
    socket.write(Buffer.from([i]))
    await once(socket, 'data')
    times.push(performance.now() - t0)
  }
  socket.destroy()
  return times
}

describe('startDelayProxy', () => {
  it('adds at least the delay to every round trip and passes the bytes through in order', async () => {
    const echo = await startEcho()
    closers.push(() => new Promise((resolve) => echo.server.close(() => resolve())))
    const proxy = await startDelayProxy({ host: '127.0.0.1', port: echo.port }, 5)
    closers.push(() => proxy.close())
    const times = await roundTrips(proxy.port, 10)
    expect(Math.min(...times)).toBeGreaterThanOrEqual(5)

    const socket = createConnection({ host: '127.0.0.1', port: proxy.port })
    await once(socket, 'connect')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    const sent = Array.from({ length: 50 }, (_, i) => Buffer.from(`message ${i};`))
    for (const chunk of sent) socket.write(chunk)
    const total = Buffer.concat(sent).length
    while (Buffer.concat(received).length < total) await once(socket, 'data')
    expect(Buffer.concat(received).toString()).toBe(Buffer.concat(sent).toString())
    socket.destroy()
  })
})
