import type { Readable, Writable } from 'node:stream'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js'

/** Bytes kept from the end of an oversized line: enough to find a trailing `"id":…}`. */
const TAIL_BYTES = 512
const TRAILING_ID = /"id"\s*:\s*(-?\d{1,16}|"(?:[^"\\]|\\.){0,256}")\s*\}\s*$/u

/**
 * MCP over stdio (newline-delimited JSON-RPC), like the SDK's `StdioServerTransport` but it never
 * gives up on its host. The SDK's transport closes itself when one line passes 10 MiB, so the
 * server went silent and the process exited. Here an oversized line is discarded as it streams
 * (memory stays bounded) and answered with a JSON-RPC error, addressed to the request's id when
 * the end of the line carries one, so the host's call fails at once instead of timing out; a line
 * that is not JSON gets a parse error. Every other line is served as before.
 */
export class BoundedStdioServerTransport implements Transport {
  /** Largest message accepted on stdin, as the SDK's own stdio transport allows (10 MiB). */
  static readonly MAX_MESSAGE_BYTES = 10 * 1024 * 1024

  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private pieces: Buffer[] = []
  private size = 0
  private discarding = false
  private tail: Buffer = Buffer.alloc(0)
  private discarded = 0

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxMessageBytes = BoundedStdioServerTransport.MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData)
    this.input.on('error', this.onInputError)
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve()
      else this.output.once('drain', resolve)
    })
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData)
    this.input.off('error', this.onInputError)
    if (this.input.listenerCount('data') === 0) this.input.pause()
    this.pieces = []
    this.size = 0
    this.onclose?.()
  }

  private readonly onInputError = (error: Error) => this.onerror?.(error)

  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    let start = 0
    while (start < bytes.length) {
      const newline = bytes.indexOf(10, start)
      const piece = bytes.subarray(start, newline === -1 ? bytes.length : newline)
      this.take(piece)
      if (newline === -1) return
      this.endLine()
      start = newline + 1
    }
  }

  private take(piece: Buffer): void {
    if (!this.discarding && this.size + piece.length <= this.maxMessageBytes) {
      this.pieces.push(piece)
      this.size += piece.length
      return
    }
    if (!this.discarding) {
      this.discarding = true
      this.discarded = this.size
      this.tail = Buffer.concat(this.pieces).subarray(-TAIL_BYTES)
      this.pieces = []
      this.size = 0
    }
    this.discarded += piece.length
    this.tail = Buffer.concat([this.tail, piece]).subarray(-TAIL_BYTES)
  }

  private endLine(): void {
    if (this.discarding) {
      const match = TRAILING_ID.exec(this.tail.toString('utf8'))
      const id = match === null ? null : (JSON.parse(match[1]!) as string | number)
      const message = `request refused: the message is ${this.discarded} bytes, over the limit of ${this.maxMessageBytes}; send less in one call`
      this.discarding = false
      this.tail = Buffer.alloc(0)
      this.onerror?.(new Error(message))
      void this.reply(id, -32600, message)
      return
    }
    const line = Buffer.concat(this.pieces).toString('utf8').replace(/\r$/, '')
    this.pieces = []
    this.size = 0
    if (line.trim() === '') return
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch {
      void this.reply(null, -32700, 'parse error: the line is not JSON')
      return
    }
    const message = JSONRPCMessageSchema.safeParse(parsed)
    if (!message.success) {
      const id = (parsed as { id?: unknown } | null)?.id
      void this.reply(
        typeof id === 'string' || typeof id === 'number' ? id : null,
        -32600,
        'invalid request: not a JSON-RPC 2.0 message',
      )
      return
    }
    this.onmessage?.(message.data)
  }

  private reply(id: string | number | null, code: number, message: string): Promise<void> {
    // A JSON-RPC error with a null id is what the spec prescribes when the id is unknown; the
    // SDK's message type does not model it, hence the cast.
    return this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage)
  }
}
