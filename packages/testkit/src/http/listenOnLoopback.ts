import type { Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * Starts `server` on 127.0.0.1 and a random port. `close()` also destroys open sockets, so a
 * hanging request or a keep-alive connection never holds a test run open.
 */
export async function listenOnLoopback(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    port,
    async close() {
      const done = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of sockets) socket.destroy()
      await done
    },
  }
}
