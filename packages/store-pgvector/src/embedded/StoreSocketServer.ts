import { chmodSync, mkdirSync, rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import type { PGlite } from '@electric-sql/pglite'
import { countServedWrites } from './countServedWrites.js'
import type { ServedWrites } from './ServedWrites.js'
import { storeSocketPath } from './storeSocketPath.js'

/** Runs `work` with the database to itself: the owner's queue, so owner and clients take turns. */
export type ExclusiveRunner = <T>(work: (db: PGlite) => Promise<T>) => Promise<T>

/** How long a `StoreSocketServer` waits for its turn on the store, and how it reports clients and writes. */
export interface StoreSocketServerOptions {
  /**
   * A client that keeps the database to itself across messages (an open transaction, or an
   * extended-query batch before its Sync) and sends nothing for this long is disconnected and its
   * transaction rolled back, so one stuck client cannot stall the owner. The limit is on silence,
   * not on the turn: a client still sending statements (a backup reading a large store in one
   * transaction, the only way its copy is one point in time) keeps its turn, and the owner's calls
   * wait for it. Default 30 s.
   */
  holdTimeoutMs?: number
  /** Per-connection problems (protocol errors, held too long): diagnostics, never fatal. */
  onClientError?: (error: Error) => void
  /**
   * Rows a client's committed statements changed, at the end of each turn that changed any: the
   * holder counts them toward its ANALYZE/VACUUM thresholds as if it had written them itself.
   */
  onWrites?: (writes: ServedWrites) => void
}

const SSL_REQUEST = 80877103
const CANCEL_REQUEST = 80877102
const PROTOCOL_3 = 196608
/** Longest wire message accepted from a client (the store's largest batch is far below this). */
const MAX_MESSAGE_BYTES = 256 * 1024 * 1024

/**
 * The message types a frontend sends after startup (protocol 3): Bind, Close, CopyData, CopyDone,
 * CopyFail, Describe, Execute, Flush, FunctionCall, Parse, Query, Sync, Terminate (no password
 * message: PGlite asks for none). PostgreSQL ends a connection that sends anything else; PGlite,
 * given one, spins in its backend loop and never returns, so the server refuses it first.
 */
const FRONTEND_TYPES = new Set('BCdcfDEHFPQSX')

const SYNC = new Uint8Array([0x53, 0, 0, 0, 4])

/** sun_path is 108 bytes on Linux (104 on macOS) including the terminating NUL. */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103

/**
 * The parameters of a protocol-3 startup message (`key\0value\0…\0`), or `undefined` when the
 * body is not such a list. PGlite exits (the whole embedded store with it) on a startup without a
 * user, so the server checks what PostgreSQL itself would refuse before PGlite sees it.
 */
function startupParameters(message: Buffer): Map<string, string> | undefined {
  const body = message.subarray(8)
  if (body.length === 0 || body[body.length - 1] !== 0) return undefined
  const fields = body
    .subarray(0, body.length - 1)
    .toString('utf8')
    .split('\0')
  if (fields.length === 1 && fields[0] === '') return new Map()
  // `key\0value\0` pairs leave a trailing empty field after the split.
  if (fields.pop() !== '' || fields.length % 2 !== 0) return undefined
  const parameters = new Map<string, string>()
  for (let i = 0; i < fields.length; i += 2) parameters.set(fields[i]!, fields[i + 1]!)
  return parameters
}

/** A FATAL ErrorResponse, as PostgreSQL sends before closing a connection it refuses. */
function fatalResponse(code: string, text: string): Buffer {
  const body = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${text}\0\0`, 'utf8')
  const head = Buffer.alloc(5)
  head[0] = 0x45
  head.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([head, body])
}

interface Turn {
  release(): void
}

/**
 * Serves an embedded PGlite to other local processes over the PostgreSQL wire protocol on a
 * Unix socket in the data directory (`<dataDir>/socket/.s.PGSQL.5432`, the directory 0700 and
 * the socket 0600: only the owner's user can connect, and no password is asked).
 *
 * PGlite is one session, so the server hands it out in turns through the owner's own queue:
 * a client's turn starts with its first message and ends when the database is idle again after
 * a Sync or a simple Query (no open transaction, no half-sent extended-query batch). Messages of
 * two clients therefore never interleave inside a statement batch or a transaction, and the
 * owner's own work waits between turns exactly as it waits for itself. A client that
 * disconnects mid-transaction is rolled back.
 */
export class StoreSocketServer {
  readonly socketPath: string
  readonly #run: ExclusiveRunner
  readonly #holdTimeoutMs: number
  readonly #onClientError: (error: Error) => void
  readonly #onWrites: ((writes: ServedWrites) => void) | undefined
  readonly #sockets = new Set<Socket>()
  #server: Server | undefined

  constructor(dataDir: string, run: ExclusiveRunner, options: StoreSocketServerOptions = {}) {
    this.socketPath = storeSocketPath(dataDir)
    this.#run = run
    this.#holdTimeoutMs = options.holdTimeoutMs ?? 30_000
    this.#onClientError = options.onClientError ?? (() => undefined)
    this.#onWrites = options.onWrites
  }

  /** Starts listening. The caller holds the data-directory lock, so a leftover socket is stale. */
  async listen(): Promise<void> {
    if (Buffer.byteLength(this.socketPath) > MAX_SOCKET_PATH) {
      throw new Error(
        `the socket path ${this.socketPath} is longer than the system's limit (${MAX_SOCKET_PATH} bytes); use a shorter --data-dir`,
      )
    }
    const directory = this.socketPath.slice(0, this.socketPath.lastIndexOf('/'))
    mkdirSync(directory, { recursive: true, mode: 0o700 })
    chmodSync(directory, 0o700)
    rmSync(this.socketPath, { force: true })
    const server = createServer((socket) => this.#accept(socket))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.socketPath, () => {
        server.off('error', reject)
        resolve()
      })
    })
    chmodSync(this.socketPath, 0o600)
    server.on('error', (error) => this.#onClientError(error))
    this.#server = server
  }

  /** Stops accepting, disconnects clients (rolling back an open transaction) and removes the socket. */
  async close(): Promise<void> {
    const server = this.#server
    if (server === undefined) return
    this.#server = undefined
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const socket of this.#sockets) socket.destroy()
    await closed
    rmSync(this.socketPath, { force: true })
  }

  #accept(socket: Socket): void {
    this.#sockets.add(socket)
    let buffered = Buffer.alloc(0)
    let started = false
    let turn: Turn | undefined
    let holdTimer: NodeJS.Timeout | undefined
    let chain: Promise<void> = Promise.resolve()
    let gone = false
    const writes = countServedWrites()

    const fail = (error: Error) => {
      if (!gone) this.#onClientError(error)
      socket.destroy()
    }

    /** Waits for this client's turn; the turn lasts until `release` (the owner's queue is held meanwhile). */
    const takeTurn = (): Promise<{ db: PGlite; turn: Turn }> =>
      new Promise((resolveTurn, rejectTurn) => {
        this.#run(
          (db) =>
            new Promise<void>((release) => {
              resolveTurn({ db, turn: { release: () => release() } })
            }),
        ).catch(rejectTurn)
      })

    let database: PGlite | undefined
    /** The client sent extended-query messages and no Sync yet. */
    let batchOpen = false
    const endTurn = () => {
      clearTimeout(holdTimer)
      holdTimer = undefined
      const current = turn
      turn = undefined
      current?.release()
      const written = writes.take()
      if (written.changed > 0) this.#onWrites?.(written)
    }

    const handle = async (message: Buffer, type: string) => {
      if (gone) return
      if (turn === undefined) {
        const taken = await takeTurn()
        database = taken.db
        turn = taken.turn
        if (gone) {
          endTurn()
          return
        }
      }
      // The client is talking: its silence is counted again from the end of this message.
      clearTimeout(holdTimer)
      holdTimer = undefined
      const db = database!
      batchOpen = !(type === 'S' || type === 'Q' || type === 'startup')
      await db.execProtocolRawStream(new Uint8Array(message), {
        onRawData: (data) => {
          if (data.length === 0) return
          writes.read(data)
          if (!gone) socket.write(data)
        },
      })
      // The turn ends where the session is reusable by someone else: after a Sync or a simple
      // query (or the startup exchange) with no transaction left open.
      if ((type === 'S' || type === 'Q' || type === 'startup') && !db.isInTransaction()) endTurn()
      else if (!gone) {
        holdTimer = setTimeout(() => {
          fail(
            new Error(`a client held the store and sent nothing for ${this.#holdTimeoutMs} ms; disconnected`),
          )
        }, this.#holdTimeoutMs)
      }
    }

    const enqueue = (message: Buffer, type: string) => {
      chain = chain.then(() => handle(message, type)).catch((error: unknown) => fail(error as Error))
    }

    socket.on('data', (data) => {
      buffered = buffered.length === 0 ? data : Buffer.concat([buffered, data])
      for (;;) {
        if (!started) {
          if (buffered.length < 8) return
          const length = buffered.readInt32BE(0)
          const code = buffered.readInt32BE(4)
          if (length < 8 || length > 10_000) return fail(new Error('malformed startup message'))
          if (buffered.length < length) return
          const message = buffered.subarray(0, length)
          buffered = buffered.subarray(length)
          if (code === SSL_REQUEST) socket.write('N')
          else if (code === CANCEL_REQUEST) socket.end()
          else if (code === PROTOCOL_3) {
            const user = startupParameters(message)?.get('user')
            if (user === undefined || user === '') {
              socket.end(fatalResponse('28000', 'no PostgreSQL user name specified in startup packet'))
              return fail(new Error('malformed startup message: no user'))
            }
            started = true
            enqueue(Buffer.from(message), 'startup')
          } else return fail(new Error(`unsupported protocol ${code}`))
          continue
        }
        if (buffered.length < 5) return
        const length = buffered.readInt32BE(1)
        if (length < 4 || length > MAX_MESSAGE_BYTES) return fail(new Error('malformed message'))
        if (buffered.length < length + 1) return
        const type = String.fromCharCode(buffered[0]!)
        if (!FRONTEND_TYPES.has(type)) {
          socket.end(fatalResponse('08P01', `invalid frontend message type ${buffered[0]}`))
          return fail(new Error(`malformed message: type ${buffered[0]}`))
        }
        const message = Buffer.from(buffered.subarray(0, length + 1))
        buffered = buffered.subarray(length + 1)
        if (type === 'X') {
          socket.end()
          return
        }
        enqueue(message, type)
      }
    })
    socket.on('error', () => undefined)
    socket.on('close', () => {
      gone = true
      this.#sockets.delete(socket)
      // Whatever this client left open is rolled back before anyone else gets the session.
      chain = chain.then(async () => {
        if (turn === undefined) return
        try {
          // A batch left without its Sync leaves PGlite waiting for one (after an error, skipping
          // to it): the next client's messages would never be answered.
          if (batchOpen) await database?.execProtocolRaw(SYNC)
          if (database?.isInTransaction()) await database.exec('ROLLBACK')
        } catch (error) {
          this.#onClientError(error as Error)
        } finally {
          endTurn()
        }
      })
    })
  }
}
