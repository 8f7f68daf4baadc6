import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StoreError } from '@agent-memory/core'
import type pg from 'pg'
import { checkSchemaName } from './checkSchemaName.js'
import type { Executor } from './Executor.js'
import { mapDatabaseError } from './mapDatabaseError.js'
import type { PipelinedRunner } from './PipelinedRunner.js'
import { PipelinedSession } from './PipelinedSession.js'
import type { SqlRunner } from './SqlRunner.js'
import { searchPathStatement } from './searchPathStatement.js'
import { settingsStatement } from './settingsStatement.js'
import type { TransactionScope, TransactionSettings } from './TransactionScope.js'

export interface PoolExecutorOptions {
  /** `SET LOCAL statement_timeout` for every transaction; 0 disables. */
  statementTimeoutMs: number
  /** Whether the executor created the pool (then `close` ends it). */
  ownsPool: boolean
  /** Receives connection errors of idle or checked-out clients (they are otherwise swallowed). */
  onConnectionError?: (error: Error) => void
  /** Offer COPY FROM STDIN (default true; a served PGlite has no STDIN to copy from). */
  copy?: boolean
  /** Schema holding the store's tables (first on the search path); default: the connection's own path. */
  schema?: string
  /**
   * Work that allows it (`TransactionScope.prepared`) runs its statements prepared (default false).
   * Turned off by the first one a transaction-mode pooler loses (`PipelinedSession.lostPrepared`).
   */
  preparedStatements?: boolean
}

const hygieneMarker = Symbol.for('agent-memory.store-pgvector.errorListener')

/**
 * node-postgres's JavaScript client has a pipeline mode (recent 8.x) and reads its `pipeline` flag
 * each time it sends, so an idle client can be switched for one batch; pg-native's pipelines its
 * own way, and an older client has no flag.
 */
function canPipeline(client: pg.PoolClient): client is pg.PoolClient & { pipeline: boolean } {
  const flags = client as unknown as { pipeline?: unknown; native?: unknown }
  return typeof flags.pipeline === 'boolean' && flags.native === undefined
}

/**
 * A COMMIT that also says whether the transaction wrote and, after it, the WAL's insert position:
 * at or past the commit record, synchronous or not. (The write position, `pg_current_wal_lsn`,
 * can still be short of it after a commit that did not wait for the flush, and a replica that
 * replayed that far would be taken to hold the write.)
 */
const WAL_COMMIT =
  'SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS wrote; COMMIT; SELECT pg_current_wal_insert_lsn()::text AS lsn'

/** The COMMIT of a transaction that needs nothing else from its last round trip. */
async function plainCommit(client: pg.PoolClient): Promise<void> {
  await client.query('COMMIT')
}

/**
 * node-postgres pool executor: one checked-out client per transaction, released on every path.
 * Over 300 lines because the transaction, the pipelined single statements and the round-trip
 * count share one client discipline (pipeline flag, release on every path) kept in one place.
 */
const ignoreLateError = () => undefined

export class PoolExecutor implements Executor {
  readonly kind = 'postgres' as const
  readonly schema: string | undefined
  /**
   * Transaction settings go to the workers of a Citus cluster as `SET LOCAL` commands
   * (`settingsStatement`); set by a store opened with `distribute: 'citus'`.
   */
  propagatesSettings = false
  readonly readOnly = false
  readonly #pool: pg.Pool
  readonly #options: PoolExecutorOptions
  readonly #onError: (error: Error) => void
  readonly #onConnect: (client: pg.PoolClient) => void
  #closed = false
  #trips = 0
  #prepares: boolean

  constructor(pool: pg.Pool, options: PoolExecutorOptions) {
    this.#pool = pool
    this.#options = options
    this.#prepares = options.preparedStatements === true
    this.schema = options.schema === undefined ? undefined : checkSchemaName(options.schema)
    // A reset idle connection emits 'error' on the pool; without a listener Node would crash.
    this.#onError = (error) => options.onConnectionError?.(error)
    this.#onConnect = (client) => this.#guard(client)
    pool.on('error', this.#onError)
    pool.on('connect', this.#onConnect)
  }

  #guard(client: pg.PoolClient): void {
    const marked = client as unknown as Record<symbol, boolean>
    if (marked[hygieneMarker]) return
    marked[hygieneMarker] = true
    client.on('error', this.#onError)
  }

  async #withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (this.#closed) throw new StoreError('closed', 'the store is closed')
    let client: pg.PoolClient
    try {
      client = await this.#pool.connect()
    } catch (error) {
      throw mapDatabaseError(error)
    }
    this.#guard(client)
    let broken: Error | undefined
    try {
      return await work(client)
    } catch (error) {
      const mapped = mapDatabaseError(error)
      if ('kind' in mapped && mapped.kind === 'connection') broken = mapped
      throw mapped
    } finally {
      // A client whose connection failed is destroyed rather than returned to the pool.
      client.release(broken)
    }
  }

  /** Round trips to the server so far: each wait for answers, however many statements it carried. */
  get roundTrips(): number {
    return this.#trips
  }

  #runner(client: pg.PoolClient): SqlRunner {
    const query: SqlRunner['query'] = async <Row>(text: string, params?: unknown[]) => {
      this.#trips++
      const result = await client.query(text, params)
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 }
    }
    const trips = { count: () => this.#trips++ }
    if (this.#options.copy === false) return { query }
    return {
      query,
      async copyIn(copyStatement: string, payload: Iterable<Buffer>) {
        // Loaded on the first COPY, not with the store: most processes never bulk-load.
        const { from: copyFrom } = await import('pg-copy-streams')
        trips.count()
        const stream = client.query(copyFrom(copyStatement))
        await pipeline(Readable.from(payload), stream)
      },
    }
  }

  transaction<T>(work: (sql: SqlRunner) => Promise<T>, scope?: TransactionScope): Promise<T> {
    return this.#transaction(work, scope?.settings, plainCommit)
  }

  /**
   * A transaction that also reports where its commit ends in the WAL when it wrote (`null` when it
   * wrote nothing), in the commit's own round trip: a read replica has it once it replayed that far.
   */
  transactionReportingWal<T>(
    work: (sql: SqlRunner) => Promise<T>,
    settings?: TransactionSettings,
  ): Promise<{ result: T; walLsn: string | null }> {
    let walLsn: string | null = null
    return this.#transaction(work, settings, async (client) => {
      const results = (await client.query(WAL_COMMIT)) as unknown as pg.QueryResult[]
      const wrote = results[0]?.rows[0]?.wrote === true
      walLsn = wrote ? ((results[2]?.rows[0]?.lsn as string | undefined) ?? null) : null
    }).then((result) => ({ result, walLsn }))
  }

  #transaction<T>(
    work: (sql: SqlRunner) => Promise<T>,
    settings: TransactionSettings | undefined,
    commit: (client: pg.PoolClient) => Promise<void>,
  ): Promise<T> {
    const begin = this.#begin('BEGIN', settings)
    return this.#withClient((client) => this.#inTransaction(client, begin, work, commit))
  }

  async #inTransaction<T>(
    client: pg.PoolClient,
    begin: string,
    work: (sql: SqlRunner) => Promise<T>,
    commit: (client: pg.PoolClient) => Promise<void>,
  ): Promise<T> {
    this.#trips++
    await client.query(begin)
    try {
      const result = await work(this.#runner(client))
      this.#trips++
      await commit(client)
      return result
    } catch (error) {
      this.#trips++
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    }
  }

  /**
   * The pipelined read: BEGIN READ ONLY (with its settings), the statement and COMMIT are written
   * at once and answered in one round trip, where a transaction of three sequential statements
   * waits for three. If the statement fails, the server turns the COMMIT into a ROLLBACK. A client
   * that cannot pipeline (`canPipeline`) runs the same three in turn.
   */
  async readStatement<Row = Record<string, unknown>>(
    text: string,
    params: unknown[],
    scope: TransactionScope,
  ): Promise<Row[]> {
    return (await this.#alone<Row>('BEGIN READ ONLY', 'COMMIT', text, params, scope.settings)).rows
  }

  /**
   * `Executor.pipelinedRead`: the work's statements on one client in pipeline mode
   * (`PipelinedSession`), so what it issues side by side shares a round trip and its BEGIN and
   * COMMIT ride with its first and last statements. A client that cannot pipeline runs the work in
   * an ordinary read transaction (each statement its own round trip).
   */
  pipelinedRead<T>(work: (sql: PipelinedRunner) => Promise<T>, scope: TransactionScope): Promise<T> {
    return this.#pipelined('BEGIN READ ONLY', false, work, scope)
  }

  /**
   * `Executor.pipelinedWrite`: `pipelinedRead`'s read-write twin, one transaction whose COMMIT's
   * answer is awaited (a failed COMMIT fails the work).
   */
  pipelinedWrite<T>(work: (sql: PipelinedRunner) => Promise<T>, scope: TransactionScope): Promise<T> {
    return this.#pipelined('BEGIN', true, work, scope)
  }

  async #pipelined<T>(
    beginKeyword: string,
    writes: boolean,
    work: (sql: PipelinedRunner) => Promise<T>,
    scope: TransactionScope,
  ): Promise<T> {
    const prepared = this.#prepares && scope.prepared === true
    let lost: unknown
    try {
      return await this.#pipelinedOnce(beginKeyword, writes, work, scope, prepared, (error) => {
        lost = error
      })
    } catch (error) {
      if (lost === undefined) throw error
      // A pooler moved the session between server connections: prepare nothing from now on, and
      // run the work again unprepared (it already failed as a whole, so it has answered nothing).
      this.#prepares = false
      this.#options.onConnectionError?.(
        new StoreError(
          'configuration',
          'a prepared statement was lost between transactions (a transaction-mode pooler without prepared-statement support): the store prepares no statement from now on; preparedStatements: false skips this',
          { cause: lost },
        ),
      )
      return this.#pipelinedOnce(beginKeyword, writes, work, scope, false, () => undefined)
    }
  }

  #pipelinedOnce<T>(
    beginKeyword: string,
    writes: boolean,
    work: (sql: PipelinedRunner) => Promise<T>,
    scope: TransactionScope,
    prepared: boolean,
    onLost: (error: unknown) => void,
  ): Promise<T> {
    const begin = this.#begin(beginKeyword, scope.settings)
    // A read's answer is its work's: the COMMIT of a read-only transaction changes nothing, so the
    // caller has the answer once the work has it (where every row the work needed came in the
    // first round trip, a COMMIT left alone after it is not waited for), and the client goes back
    // to the pool once that COMMIT is answered.
    let answer: ((result: T) => void) | undefined
    const answered = writes
      ? undefined
      : new Promise<T>((resolve) => {
          answer = resolve
        })
    const whole = this.#withClient(async (client) => {
      if (!canPipeline(client)) {
        return this.#inTransaction(
          client,
          begin,
          (sql) => work({ ...sql, commit: () => undefined }),
          plainCommit,
        )
      }
      const sequential = !client.pipeline
      client.pipeline = true
      const session = new PipelinedSession(client, begin, () => this.#trips++, { writes, prepared })
      try {
        const result = await work(session.runner)
        answer?.(result)
        await session.finish()
        return result
      } catch (error) {
        if (session.lostPrepared !== undefined) onLost(session.lostPrepared)
        await session.abort()
        throw error
      } finally {
        // Every answer is in, so the client is idle again: it goes back to the pool as it came.
        if (sequential) client.pipeline = false
      }
    })
    if (answered === undefined) return whole
    // A failed COMMIT after the answer (the connection lost) only destroys the client.
    whole.catch(() => undefined)
    return Promise.race([answered, whole])
  }

  /** `readStatement`'s write: one statement in a transaction of its own, in one round trip. */
  async writeStatement<Row = Record<string, unknown>>(
    text: string,
    params: unknown[],
    scope: TransactionScope,
  ): Promise<Row[]> {
    return (await this.#alone<Row>('BEGIN', 'COMMIT', text, params, scope.settings)).rows
  }

  async #alone<Row>(
    beginKeyword: string,
    commitText: string,
    text: string,
    params: unknown[],
    settings: TransactionSettings | undefined,
  ): Promise<{ rows: Row[]; commit: unknown }> {
    const begin = this.#begin(beginKeyword, settings)
    return this.#withClient(async (client) => {
      if (!canPipeline(client)) {
        let commit: unknown
        const rows = await this.#inTransaction(
          client,
          begin,
          async (sql) => (await sql.query<Row>(text, params)).rows,
          async (c) => {
            commit = await c.query(commitText)
          },
        )
        return { rows, commit }
      }
      const sequential = !client.pipeline
      client.pipeline = true
      this.#trips++
      const settled = await Promise.allSettled([
        client.query(begin),
        client.query(text, params),
        client.query(commitText),
      ])
      // Every answer is in, so the client is idle again: it goes back to the pool as it came.
      if (sequential) client.pipeline = false
      for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason
      return {
        rows: (settled[1] as PromiseFulfilledResult<pg.QueryResult>).value.rows as Row[],
        commit: (settled[2] as PromiseFulfilledResult<unknown>).value,
      }
    })
  }

  /** BEGIN with everything every transaction sets: one simple-protocol batch, one round trip. */
  #begin(begin: string, settings: TransactionSettings | undefined): string {
    const timeout = Math.max(0, Math.floor(this.#options.statementTimeoutMs))
    const schema = this.schema
    const set = settingsStatement(settings, this.propagatesSettings)
    return [
      begin,
      ...(timeout > 0 ? [`SET LOCAL statement_timeout = ${timeout}`] : []),
      ...(schema === undefined ? [] : [searchPathStatement(schema, true)]),
      ...(set === undefined ? [] : [set]),
    ].join('; ')
  }

  session<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
    const schema = this.schema
    if (schema === undefined) return this.#withClient((client) => work(this.#runner(client)))
    return this.#withClient(async (client) => {
      this.#trips++
      await client.query(searchPathStatement(schema, false))
      try {
        return await work(this.#runner(client))
      } finally {
        // The client goes back to a pool that may be the caller's: leave its path as it was.
        this.#trips++
        await client.query('RESET search_path').catch(() => undefined)
      }
    })
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    this.#pool.off('connect', this.#onConnect)
    if (this.#options.ownsPool) {
      // pool.end() resolves once it has asked its clients to close, not once they have: the server
      // ending a session still closing (a forced DROP DATABASE, a restart) then errors on this
      // pool, which would crash the process without a listener. Nothing else uses the pool.
      this.#pool.on('error', ignoreLateError)
      await this.#pool.end()
    }
    this.#pool.off('error', this.#onError)
  }
}
