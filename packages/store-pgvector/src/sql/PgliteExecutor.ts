import { StoreError } from '@agent-memory/core'
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite'
import { checkSchemaName } from './checkSchemaName.js'
import type { Executor } from './Executor.js'
import { mapDatabaseError } from './mapDatabaseError.js'
import type { PipelinedRunner } from './PipelinedRunner.js'
import type { SqlRunner } from './SqlRunner.js'
import { searchPathStatement } from './searchPathStatement.js'
import { settingsStatement } from './settingsStatement.js'
import type { TransactionScope } from './TransactionScope.js'

type Queryable = Pick<Transaction, 'query'>

const FROM_STDIN = /\bFROM\s+STDIN\b/i
const WRITE_STATEMENT = /^\s*(INSERT|UPDATE|DELETE|COPY)\b|^\s*WITH\b[\s\S]*\)\s*(INSERT|UPDATE|DELETE)\b/i
/**
 * Statements whose every affected row leaves a dead version behind. An upsert's update half is
 * not counted (its result cannot tell updates from inserts, and bulk loads are inserts).
 */
const DEAD_ROW_STATEMENT = /^\s*(UPDATE|DELETE)\b|^\s*WITH\b[\s\S]*\)\s*(UPDATE|DELETE)\b/i
/** autovacuum's defaults: re-analyze once 50 rows + 10% of the table have changed. */
const ANALYZE_BASE_ROWS = 50
const ANALYZE_SCALE = 0.1
/** autovacuum's defaults: vacuum once 50 rows + 20% of the table are dead versions. */
const VACUUM_BASE_ROWS = 50
const VACUUM_SCALE = 0.2
/** The table a write statement changes (its main statement's, after any `WITH` clauses). */
const WRITE_TARGET = /^\s*(?:WITH\b[\s\S]*\)\s*)?(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?\s/i
/**
 * Tables kept up on their own, by autovacuum's per-table rule: no trigger of the store fires on
 * them, so their writes change nothing else. Recall's reinforcement writes about ten access rows a
 * search; counted toward the whole database they brought an ANALYZE of every table (60 ms at 1,000
 * memories, the single wasm instance blocked) every few dozen searches, where the access table's
 * own takes a few milliseconds.
 */
const KEPT_ALONE = new Set(['agent_memory_access'])
const DATABASE = ''

/** Writes since the last ANALYZE and VACUUM of one scope (a table kept alone, or the rest). */
interface Upkeep {
  changed: number
  dead: number
  rowsAtAnalyze: number
  analyzeQueued: boolean
  vacuumQueued: boolean
}

/** The scope a write statement counts toward: its table when that is kept alone, else the database. */
function upkeepScope(text: string): string {
  const table = WRITE_TARGET.exec(text)?.[1]?.toLowerCase()
  return table !== undefined && KEPT_ALONE.has(table) ? table : DATABASE
}

/** pgvector's `vector` type, as the catalog names it (no row: the extension is not installed). */
const VECTOR_TYPE_QUERY = `SELECT t.oid FROM pg_type t JOIN pg_extension e ON e.extnamespace = t.typnamespace
  WHERE e.extname = 'vector' AND t.typname = 'vector'`

/**
 * Query options that bind a `vector` parameter given as bytes (`vectorParam`: pgvector's binary
 * form) in binary, where PGlite would turn it into text. A 1,536-d query vector as text costs the
 * database more to parse than the rest of a search statement; in binary it is a copy.
 */
type BinaryOptions = (db: Queryable) => Promise<QueryOptions | undefined>

function runner(
  db: Queryable,
  onWrite: (rows: number, dead: boolean, scope: string) => void,
  binaryOptions: BinaryOptions,
): SqlRunner {
  return {
    async query<Row>(text: string, params?: unknown[]) {
      const options = params?.some((param) => param instanceof Uint8Array)
        ? await binaryOptions(db)
        : undefined
      const result = await db.query<Row>(text, params, options)
      const rowCount = result.affectedRows ?? 0
      if (rowCount > 0 && WRITE_STATEMENT.test(text)) {
        onWrite(rowCount, DEAD_ROW_STATEMENT.test(text), upkeepScope(text))
      }
      return { rows: result.rows, rowCount }
    },
    // PGlite has no COPY FROM STDIN stream, but reads a COPY source from the query's `blob` at
    // '/dev/blob'. Binary COPY skips the text parsing of vectors, which dominates a text insert in wasm.
    async copyIn(copyStatement: string, payload: Iterable<Buffer>) {
      if (!FROM_STDIN.test(copyStatement)) {
        throw new StoreError('unknown', 'copyIn takes a COPY … FROM STDIN statement')
      }
      const result = await db.query(copyStatement.replace(FROM_STDIN, "FROM '/dev/blob'"), [], {
        blob: new Blob([...payload]),
      })
      onWrite(result.affectedRows ?? 0, false, DATABASE)
    },
  }
}

/**
 * PGlite is one connection: every unit of work waits its turn in a promise queue, so two
 * transactions never interleave on the single session.
 *
 * PGlite runs no autovacuum, so nothing would ever collect planner statistics (without them
 * planning a search costs tens of milliseconds and picks poor plans) or reclaim dead row
 * versions (every reinforce and update leaves one, in the heap and every index: +24% keyword
 * and +11% vector latency after 1,000 recalls). The executor stands in for autovacuum with its
 * thresholds, queued after the write that crossed them — also on a caller's PGlite, which
 * nothing else would ever maintain.
 */
export class PgliteExecutor implements Executor {
  readonly kind = 'pglite' as const
  readonly schema: string | undefined
  readonly readOnly: boolean
  readonly #db: PGlite
  readonly #ownsDb: boolean
  readonly #readOnly: string | undefined
  #tail: Promise<unknown> = Promise.resolve()
  #closed = false
  /** Per scope: `DATABASE` (every table not kept alone) and each table of `KEPT_ALONE` written. */
  readonly #upkeep = new Map<string, Upkeep>()
  #calls = 0
  /** Options binding `vector` parameters in binary, once the type is looked up (`BinaryOptions`). */
  #binary: Promise<QueryOptions | undefined> | undefined
  readonly #binaryOptions: BinaryOptions = (db) => {
    if (this.#binary !== undefined) return this.#binary
    const lookup = db.query<{ oid: number }>(VECTOR_TYPE_QUERY).then(({ rows }) => {
      const oid = rows[0]?.oid
      // PGlite's serializers return text; bytes returned as they are travel in binary format.
      const asBytes = (value: unknown) => value as string
      return oid === undefined ? undefined : { serializers: { [oid]: asBytes } }
    })
    this.#binary = lookup
    // Only a found type is kept: a failed lookup, or one before the extension existed, is retried.
    void lookup.then(
      (options) => {
        if (options === undefined && this.#binary === lookup) this.#binary = undefined
      },
      () => {
        if (this.#binary === lookup) this.#binary = undefined
      },
    )
    return lookup
  }
  /** Runs first on close (the store server disconnects its clients before the queue drains). */
  beforeClose: (() => Promise<void>) | undefined

  /**
   * `schema`: where the store's tables live (first on the search path). `readOnly`: the database
   * refuses writes (a snapshot of a read-only data directory); the sentence a write fails with.
   */
  constructor(
    db: PGlite,
    options: { ownsDb: boolean; schema?: string; readOnly?: string; beforeWrite?: () => void },
  ) {
    this.#db = db
    this.#beforeWrite = options.beforeWrite
    this.#ownsDb = options.ownsDb
    this.schema = options.schema === undefined ? undefined : checkSchemaName(options.schema)
    this.#readOnly = options.readOnly
    this.readOnly = options.readOnly !== undefined
  }

  /** Checked before each write transaction (the embedded store's disk-space guard). */
  readonly #beforeWrite: (() => void) | undefined

  #enqueue<T>(work: () => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new StoreError('closed', 'the store is closed'))
    const run = this.#tail.then(work, work)
    this.#tail = run.catch(() => undefined)
    return run.catch((error: unknown) => {
      if (this.#readOnly !== undefined && (error as { code?: unknown }).code === '25006') {
        throw new StoreError('permission', this.#readOnly, { code: '25006' })
      }
      throw mapDatabaseError(error)
    })
  }

  #upkeepOf(scope: string): Upkeep {
    let upkeep = this.#upkeep.get(scope)
    if (upkeep === undefined) {
      upkeep = { changed: 0, dead: 0, rowsAtAnalyze: 0, analyzeQueued: false, vacuumQueued: false }
      this.#upkeep.set(scope, upkeep)
    }
    return upkeep
  }

  #countWrites(): { add: (rows: number, dead: boolean, scope: string) => void; settle: () => void } {
    const pending = new Map<string, { rows: number; dead: number }>()
    return {
      add: (rows, leavesDead, scope) => {
        const counted = pending.get(scope) ?? { rows: 0, dead: 0 }
        counted.rows += rows
        if (leavesDead) counted.dead += rows
        pending.set(scope, counted)
      },
      // Only committed work counts; a rolled-back transaction changed nothing.
      settle: () => {
        for (const [scope, counted] of pending) {
          const upkeep = this.#upkeepOf(scope)
          upkeep.changed += counted.rows
          upkeep.dead += counted.dead
          this.#maybeVacuum(scope, upkeep)
          this.#maybeAnalyze(scope, upkeep)
        }
      },
    }
  }

  /** The table a scope names, qualified by the store's schema (`DATABASE`: none, every table). */
  #target(scope: string): string {
    return scope === DATABASE ? '' : ` "${this.schema ?? 'public'}".${scope}`
  }

  #maybeVacuum(scope: string, upkeep: Upkeep): void {
    if (upkeep.vacuumQueued || this.#closed) return
    if (upkeep.dead < VACUUM_BASE_ROWS + VACUUM_SCALE * upkeep.rowsAtAnalyze) return
    upkeep.vacuumQueued = true
    void this.#enqueue(async () => {
      upkeep.vacuumQueued = false
      if (this.#db.closed) return
      upkeep.dead = 0
      // Plain VACUUM (no lock beyond the queue): dead versions become reusable space, so the
      // heap and its indexes stop growing under reinforce/update traffic.
      await this.#db.query(`VACUUM${this.#target(scope)}`)
    }).catch(() => undefined)
  }

  #maybeAnalyze(scope: string, upkeep: Upkeep): void {
    if (upkeep.analyzeQueued || this.#closed) return
    if (upkeep.changed < ANALYZE_BASE_ROWS + ANALYZE_SCALE * upkeep.rowsAtAnalyze) return
    upkeep.analyzeQueued = true
    void this.#enqueue(async () => {
      upkeep.analyzeQueued = false
      if (this.#db.closed) return
      if (scope === DATABASE) await this.#analyze()
      else await this.#analyzeTable(scope, upkeep)
    }).catch(() => undefined)
  }

  async #analyzeTable(scope: string, upkeep: Upkeep): Promise<void> {
    upkeep.changed = 0
    const table = this.#target(scope)
    await this.#db.query(`ANALYZE${table}`)
    const size = await this.#db.query<{ rows: number }>(
      'SELECT greatest(reltuples, 0)::float8 AS rows FROM pg_class WHERE oid = to_regclass($1)',
      [table.trim()],
    )
    upkeep.rowsAtAnalyze = Number(size.rows[0]?.rows ?? 0)
  }

  async #analyze(): Promise<void> {
    const upkeep = this.#upkeepOf(DATABASE)
    upkeep.changed = 0
    await this.#db.query('ANALYZE')
    upkeep.rowsAtAnalyze = await this.#databaseRows()
  }

  async #databaseRows(): Promise<number> {
    const size = await this.#db.query<{ rows: number }>(
      "SELECT coalesce(sum(greatest(reltuples, 0)), 0)::float8 AS rows FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace",
    )
    return Math.max(0, Number(size.rows[0]?.rows ?? 0))
  }

  /**
   * Collects statistics now if the database holds rows that were never analyzed (a data
   * directory written before this executor existed, or by a loader that skipped it).
   */
  async analyzeIfNeeded(): Promise<void> {
    await this.#enqueue(async () => {
      const state = await this.#db.query<{ missing: boolean }>(
        `SELECT EXISTS (
           SELECT 1 FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
             AND c.reltuples <> 0
             AND NOT EXISTS (SELECT 1 FROM pg_statistic s WHERE s.starelid = c.oid)
         ) AS missing`,
      )
      if (state.rows[0]?.missing === true) await this.#analyze()
      else this.#upkeepOf(DATABASE).rowsAtAnalyze = await this.#databaseRows()
    })
  }

  transaction<T>(work: (sql: SqlRunner) => Promise<T>, scope?: TransactionScope): Promise<T> {
    return this.#transaction(work, scope, false)
  }

  async #transaction<T>(
    work: (sql: SqlRunner) => Promise<T>,
    scope: TransactionScope | undefined,
    readOnly: boolean,
  ): Promise<T> {
    if (!readOnly) this.#beforeWrite?.()
    const writes = this.#countWrites()
    const schema = this.schema
    const set = settingsStatement(scope?.settings)
    const result = await this.#enqueue(() =>
      this.#db.transaction(async (tx) => {
        // One call for the transaction's settings (each call into PGlite costs about as much as a
        // small statement): every part is inlined and checked, so it rides as one simple query.
        const setup = [
          readOnly ? 'SET TRANSACTION READ ONLY' : undefined,
          schema === undefined ? undefined : searchPathStatement(schema, true),
          set,
        ].filter((statement) => statement !== undefined)
        // BEGIN, the settings (one call) and COMMIT.
        this.#calls += setup.length > 0 ? 3 : 2
        if (setup.length > 0) await tx.exec(setup.join('; '))
        const inner = runner(tx, writes.add, this.#binaryOptions)
        const counted: SqlRunner = {
          ...inner,
          query: (text, params) => {
            this.#calls++
            return inner.query(text, params)
          },
        }
        return work(counted)
      }),
    )
    writes.settle()
    return result
  }

  /** In process there is nothing to pipeline: the work runs in a read-only transaction (`commit` waits for its end). */
  pipelinedRead<T>(work: (sql: PipelinedRunner) => Promise<T>, scope: TransactionScope): Promise<T> {
    return this.#transaction((sql) => work({ ...sql, commit: () => undefined }), scope, true)
  }

  /** In process there is nothing to pipeline: the work runs in a transaction (`commit` waits for its end). */
  pipelinedWrite<T>(work: (sql: PipelinedRunner) => Promise<T>, scope: TransactionScope): Promise<T> {
    return this.#transaction((sql) => work({ ...sql, commit: () => undefined }), scope, false)
  }

  /** `Executor.writeStatement`: in process, a transaction of one statement. */
  writeStatement<Row = Record<string, unknown>>(
    text: string,
    params: unknown[],
    scope: TransactionScope,
  ): Promise<Row[]> {
    return this.#transaction(async (sql) => (await sql.query<Row>(text, params)).rows, scope, false)
  }

  /** Calls into PGlite so far (`Executor.roundTrips`): BEGIN, settings, each statement, COMMIT. */
  get roundTrips(): number {
    return this.#calls
  }

  /** In process there is no network round trip to save: the statement runs in a read-only transaction. */
  readStatement<Row = Record<string, unknown>>(
    text: string,
    params: unknown[],
    scope: TransactionScope,
  ): Promise<Row[]> {
    return this.#transaction(async (sql) => (await sql.query<Row>(text, params)).rows, scope, true)
  }

  async session<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
    const writes = this.#countWrites()
    const schema = this.schema
    const result = await this.#enqueue(async () => {
      if (schema === undefined) return work(runner(this.#db, writes.add, this.#binaryOptions))
      await this.#db.query(searchPathStatement(schema, false))
      try {
        return await work(runner(this.#db, writes.add, this.#binaryOptions))
      } finally {
        await this.#db.query('RESET search_path').catch(() => undefined)
      }
    })
    writes.settle()
    return result
  }

  /**
   * Counts rows another session wrote through this database (a store-server client) toward the
   * ANALYZE and VACUUM thresholds, as the executor's own writes are.
   */
  countWrites(changed: number, dead: number): void {
    const writes = this.#countWrites()
    writes.add(changed - dead, false, DATABASE)
    writes.add(dead, true, DATABASE)
    writes.settle()
  }

  /**
   * Runs `work` with the database to itself, in turn with the store's own units of work (the
   * store server hands the session to a client this way).
   */
  exclusive<T>(work: (db: PGlite) => Promise<T>): Promise<T> {
    return this.#enqueue(() => work(this.#db))
  }

  async close(): Promise<void> {
    if (this.#closed) return
    await this.beforeClose?.()
    const drained = this.#enqueue(async () => {
      if (this.#ownsDb && !this.#db.closed) await this.#db.close()
    })
    this.#closed = true
    await drained
  }
}
