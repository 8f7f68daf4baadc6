import net from 'node:net'

/**
 * A TCP forwarder on 127.0.0.1 standing in for a replica's address, so a test can make the replica
 * vanish (`stop`: open connections reset, new ones refused) or become another server (`retarget`)
 * without touching the shared standby.
 */
export class TcpProxy {
  #server: net.Server | undefined
  #sockets = new Set<net.Socket>()
  #targetPort: number
  #port = 0
  connections = 0

  constructor(targetPort: number) {
    this.#targetPort = targetPort
  }

  get port(): number {
    return this.#port
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      this.connections++
      const upstream = net.connect(this.#targetPort, '127.0.0.1')
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket)
        socket.on('close', () => this.#sockets.delete(socket))
        socket.on('error', () => undefined)
      }
      client.pipe(upstream)
      upstream.pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
    await new Promise<void>((resolve) => server.listen(this.#port, '127.0.0.1', resolve))
    this.#port = (server.address() as net.AddressInfo).port
    this.#server = server
  }

  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
    const server = this.#server
    this.#server = undefined
    if (server !== undefined) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** Cuts every open connection; new ones reach `port`. */
  retarget(port: number): void {
    this.#targetPort = port
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
  }
}
