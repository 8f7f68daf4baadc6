import type { Writable } from 'node:stream'
import type pg from 'pg'
import type { PipelinedRunner } from './PipelinedRunner.js'
import { preparedName } from './preparedName.js'

const ignore = () => undefined

/**
 * A prepared statement the connection should hold but does not (26000), or holds already (42P05):
 * the session moved between server connections under the client, as a transaction-mode pooler
 * without prepared-statement support (PgBouncer before 1.21) moves it.
 */
const lostPreparedCodes = new Set(['26000', '42P05'])

/**
 * Transactions on one node-postgres client in pipeline mode (`PoolExecutor.pipelinedRead`,
 * `PoolExecutor.pipelinedWrite`): the statements issued in one turn of the event loop are written
 * together at its end (one write to the socket, one wake-up of the server); the
 * transaction's BEGIN (with its settings) is written just before its first statement and its
 * COMMIT just after the last (`commit`). A round trip is counted when a statement leaves while
 * none is awaiting its answer: statements issued while others are in flight ride in their round
 * trip. A write session is one transaction: its COMMIT's answer is awaited by `finish` (a failed
 * COMMIT fails the work), and a statement issued after it is refused rather than run outside it.
 */
export class PipelinedSession {
  readonly #client: pg.PoolClient
  readonly #begin: string
  readonly #countTrip: () => void
  readonly #writes: boolean
  /** A write session's COMMIT, once sent: `finish` waits for its answer. */
  #committed: Promise<unknown> | undefined
  /** Every statement written, settled or not: the client goes back to the pool once all are. */
  readonly #sent: Array<Promise<unknown>> = []
  #inFlight = 0
  /** The open transaction's BEGIN (its failure fails every statement after it), or none open. */
  #open: Promise<unknown> | undefined

  /** Statements with parameters run prepared (`preparedName`); the others, and all past its cap, unnamed. */
  readonly #prepared: boolean
  #lostPrepared: unknown

  /** The error of a prepared statement the server did not hold as the client believed, if one failed so. */
  get lostPrepared(): unknown {
    return this.#lostPrepared
  }

  constructor(
    client: pg.PoolClient,
    begin: string,
    countTrip: () => void,
    { writes = false, prepared = false }: { writes?: boolean; prepared?: boolean } = {},
  ) {
    this.#client = client
    this.#begin = begin
    this.#countTrip = countTrip
    this.#writes = writes
    this.#prepared = prepared
  }

  /** Whether the client's socket holds this turn's statements (`#hold`). */
  #holding = false

  /**
   * Holds the statements issued in this turn of the event loop in the client's socket and writes
   * them together at its end: one write, and one wake-up of the server, where each statement
   * would make its own (the legs of a recall issue four or five side by side).
   */
  #hold(): void {
    if (this.#holding) return
    const stream = (this.#client as unknown as { connection?: { stream?: Partial<Writable> } }).connection
      ?.stream
    if (typeof stream?.cork !== 'function' || typeof stream.uncork !== 'function') return
    const uncork = stream.uncork.bind(stream)
    stream.cork()
    this.#holding = true
    setImmediate(() => {
      this.#holding = false
      uncork()
    })
  }

  #send(text: string, params?: unknown[]): Promise<pg.QueryResult> {
    if (this.#inFlight === 0) this.#countTrip()
    this.#hold()
    this.#inFlight++
    const name =
      !this.#prepared || params === undefined || params.length === 0 ? undefined : preparedName(text)
    const sent = name === undefined ? this.#client.query(text, params) : this.#prepare(name, text, params!)
    const answer = sent.finally(() => {
      this.#inFlight--
    })
    this.#sent.push(answer.catch(ignore))
    return answer
  }

  /** A statement by its prepared name (node-postgres parses it on the connection's first use). */
  async #prepare(name: string, text: string, values: unknown[]): Promise<pg.QueryResult> {
    try {
      return await this.#client.query({ name, text, values })
    } catch (error) {
      if (lostPreparedCodes.has(String((error as { code?: unknown } | null)?.code)))
        this.#lostPrepared ??= error
      throw error
    }
  }

  readonly runner: PipelinedRunner = {
    query: async <Row>(text: string, params?: unknown[]) => {
      if (this.#committed !== undefined) {
        throw new Error('a statement was issued after its write transaction was committed')
      }
      this.#open ??= this.#send(this.#begin)
      const [, result] = await Promise.all([this.#open, this.#send(text, params)])
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 }
    },
    commit: () => {
      if (this.#open === undefined) return
      this.#open = undefined
      const committed = this.#send('COMMIT')
      if (this.#writes) this.#committed = committed
      else void committed.catch(ignore)
    },
  }

  /** After the work: commits what is still open, then waits for every answer (the client is idle after). */
  async finish(): Promise<void> {
    if (this.#open !== undefined) {
      this.#open = undefined
      await this.#send('COMMIT')
    }
    await this.#settled()
    if (this.#committed !== undefined) await this.#committed
  }

  /** After a failure: every answer in, then a ROLLBACK of whatever is still open (harmless when nothing is). */
  async abort(): Promise<void> {
    await this.#settled()
    this.#open = undefined
    this.#committed = undefined
    await this.#send('ROLLBACK').catch(ignore)
  }

  async #settled(): Promise<void> {
    while (this.#sent.length > 0) await Promise.all(this.#sent.splice(0))
  }
}
