import type pg from 'pg'
import type { PipelinedRunner } from './PipelinedRunner.js'

const ignore = () => undefined

/**
 * Read-only transactions on one node-postgres client in pipeline mode (`PoolExecutor.pipelinedRead`):
 * a statement is written as soon as it is issued; the transaction's BEGIN (with its settings) is
 * written just before its first statement and its COMMIT just after the last (`commit`). A round
 * trip is counted when a statement leaves while none is awaiting its answer: statements issued
 * while others are in flight ride in their round trip.
 */
export class PipelinedSession {
  readonly #client: pg.PoolClient
  readonly #begin: string
  readonly #countTrip: () => void
  /** Every statement written, settled or not: the client goes back to the pool once all are. */
  readonly #sent: Array<Promise<unknown>> = []
  #inFlight = 0
  /** The open transaction's BEGIN (its failure fails every statement after it), or none open. */
  #open: Promise<unknown> | undefined

  constructor(client: pg.PoolClient, begin: string, countTrip: () => void) {
    this.#client = client
    this.#begin = begin
    this.#countTrip = countTrip
  }

  #send(text: string, params?: unknown[]): Promise<pg.QueryResult> {
    if (this.#inFlight === 0) this.#countTrip()
    this.#inFlight++
    const answer = this.#client.query(text, params).finally(() => {
      this.#inFlight--
    })
    this.#sent.push(answer.catch(ignore))
    return answer
  }

  readonly runner: PipelinedRunner = {
    query: async <Row>(text: string, params?: unknown[]) => {
      this.#open ??= this.#send(this.#begin)
      const [, result] = await Promise.all([this.#open, this.#send(text, params)])
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 }
    },
    commit: () => {
      if (this.#open === undefined) return
      this.#open = undefined
      void this.#send('COMMIT').catch(ignore)
    },
  }

  /** After the work: commits what is still open, then waits for every answer (the client is idle after). */
  async finish(): Promise<void> {
    if (this.#open !== undefined) {
      this.#open = undefined
      await this.#send('COMMIT')
    }
    await this.#settled()
  }

  /** After a failure: every answer in, then a ROLLBACK of whatever is still open (harmless when nothing is). */
  async abort(): Promise<void> {
    await this.#settled()
    this.#open = undefined
    await this.#send('ROLLBACK').catch(ignore)
  }

  async #settled(): Promise<void> {
    while (this.#sent.length > 0) await Promise.all(this.#sent.splice(0))
  }
}
