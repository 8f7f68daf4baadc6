import net from 'node:net'

/**
 * A TCP forwarder on 127.0.0.1 standing in for a replica's address, so a test can make the replica
 * vanish (`stop`: open connections reset, new ones refused) or become another server (`retarget`)
 * without touching the shared standby; it also shows what clients wrote (`sent`) and can hold the
 * server's replies back (`holdReplies`), so a test can see what a client sends before any answer.
 */
export class TcpProxy {
  #server: net.Server | undefined
  #sockets = new Set<net.Socket>()
  #targetPort: number
  #port = 0
  /** The server's replies held back (`holdReplies`), in order. */
  #held: Array<() => void> | undefined
  connections = 0
  /** Every byte the clients wrote, as latin1 text: what a test can look for in the protocol. */
  sent = ''
  /**
   * Decides, for each chunk a client writes, whether to cut every connection there: `'before'` the
   * chunk reaches the server (it never runs), `'after'` it was forwarded (it may run, its answer
   * is lost): a server going away at that moment, as a restart does.
   */
  cutOn: ((chunk: string) => 'before' | 'after' | undefined) | undefined
  cuts = 0

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
      client.on('data', (chunk: Buffer) => {
        const text = chunk.toString('latin1')
        this.sent += text
        const cut = this.cutOn?.(text)
        if (cut === 'before') return this.#cutAll()
        upstream.write(chunk)
        if (cut === 'after') setTimeout(() => this.#cutAll(), 2)
      })
      upstream.on('data', (chunk: Buffer) => {
        if (this.#held === undefined) client.write(chunk)
        else this.#held.push(() => client.write(chunk))
      })
      client.on('end', () => upstream.end())
      upstream.on('end', () => client.end())
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

  /** Forwards what clients write but keeps the server's replies until `releaseReplies`. */
  holdReplies(): void {
    this.#held ??= []
  }

  releaseReplies(): void {
    const held = this.#held ?? []
    this.#held = undefined
    for (const forward of held) forward()
  }

  #cutAll(): void {
    this.cuts++
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
  }

  /** Cuts every open connection; new ones reach `port`. */
  retarget(port: number): void {
    this.#targetPort = port
    for (const socket of this.#sockets) socket.destroy()
    this.#sockets.clear()
  }
}
