import { StoreError } from '@agent-memory/core'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import type { Executor } from './Executor.js'
import { mapDatabaseError } from './mapDatabaseError.js'
import type { SqlRunner } from './SqlRunner.js'

type Queryable = Pick<Transaction, 'query'>

const FROM_STDIN = /\bFROM\s+STDIN\b/i

function runner(db: Queryable): SqlRunner {
  return {
    async query<Row>(text: string, params?: unknown[]) {
      const result = await db.query<Row>(text, params)
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 }
    },
    // PGlite has no COPY FROM STDIN stream, but reads a COPY source from the query's `blob` at
    // '/dev/blob'. Binary COPY skips the text parsing of vectors, which dominates a text insert in wasm.
    async copyIn(copyStatement: string, payload: Iterable<Buffer>) {
      if (!FROM_STDIN.test(copyStatement)) {
        throw new StoreError('unknown', 'copyIn takes a COPY … FROM STDIN statement')
      }
      await db.query(copyStatement.replace(FROM_STDIN, "FROM '/dev/blob'"), [], {
        blob: new Blob([...payload]),
      })
    },
  }
}

/**
 * PGlite is one connection: every unit of work waits its turn in a promise queue, so two
 * transactions never interleave on the single session.
 */
export class PgliteExecutor implements Executor {
  readonly kind = 'pglite' as const
  readonly #db: PGlite
  readonly #ownsDb: boolean
  #tail: Promise<unknown> = Promise.resolve()
  #closed = false

  constructor(db: PGlite, options: { ownsDb: boolean }) {
    this.#db = db
    this.#ownsDb = options.ownsDb
  }

  #enqueue<T>(work: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new StoreError('connection', 'the store is closed'))
    const run = this.#tail.then(work, work)
    this.#tail = run.catch(() => undefined)
    return run.catch((error: unknown) => {
      throw mapDatabaseError(error)
    })
  }

  transaction<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
    return this.#enqueue(() => this.#db.transaction((tx) => work(runner(tx))))
  }

  session<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
    return this.#enqueue(() => work(runner(this.#db)))
  }

  async close(): Promise<void> {
    if (this.#closed) return
    const drained = this.#enqueue(async () => {
      if (this.#ownsDb && !this.#db.closed) await this.#db.close()
    })
    this.#closed = true
    await drained
  }
}
