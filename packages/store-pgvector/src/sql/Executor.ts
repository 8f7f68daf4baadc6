import type { PipelinedRunner } from './PipelinedRunner.js'
import type { SqlRunner } from './SqlRunner.js'
import type { TransactionScope } from './TransactionScope.js'

/**
 * Runs store work against one backend. Every unit of work is one transaction, so `SET LOCAL`
 * settings (statement timeout, HNSW knobs) stay inside it and survive transaction poolers.
 */
export interface Executor {
  readonly kind: 'postgres' | 'pglite'
  /** The schema holding the store's tables, put first on the search path; `undefined`: the connection's path. */
  readonly schema: string | undefined
  /** Writes fail: the database is a read-only snapshot. */
  readonly readOnly: boolean
  /** `scope` lets an executor with a read replica route the work; the others ignore it. */
  transaction<T>(work: (sql: SqlRunner) => Promise<T>, scope?: TransactionScope): Promise<T>
  /**
   * One statement in a read-only transaction of its own (with `scope.settings`), and its rows. On
   * PostgreSQL its BEGIN, the statement and its COMMIT leave together and answer in one round trip.
   */
  readStatement<Row = Record<string, unknown>>(
    text: string,
    params: unknown[],
    scope: TransactionScope,
  ): Promise<Row[]>
  /**
   * One statement in a read-write transaction of its own (with `scope.settings`), and its rows: on
   * PostgreSQL, like `readStatement`, in one round trip.
   */
  writeStatement<Row = Record<string, unknown>>(
    text: string,
    params: unknown[],
    scope: TransactionScope,
  ): Promise<Row[]>
  /**
   * Read-only work whose statements are pipelined (`PipelinedRunner`): on PostgreSQL its BEGIN leaves
   * with its first statement, statements issued side by side share a round trip and the COMMIT
   * leaves with the last one (`PipelinedRunner.commit`); elsewhere an ordinary read transaction.
   */
  pipelinedRead<T>(work: (sql: PipelinedRunner) => Promise<T>, scope: TransactionScope): Promise<T>
  /**
   * `pipelinedRead`'s read-write twin: one transaction whose statements are pipelined, its COMMIT
   * sent by `PipelinedRunner.commit` in the round trip of the last statements (or after the work)
   * and its answer awaited; a statement issued after `commit` fails. Elsewhere an ordinary
   * transaction.
   */
  pipelinedWrite<T>(work: (sql: PipelinedRunner) => Promise<T>, scope: TransactionScope): Promise<T>
  /**
   * Round trips to the database so far: on PostgreSQL each wait for the server's answers (a
   * pipelined BEGIN, statement and COMMIT count once); on PGlite each call into it.
   */
  readonly roundTrips: number
  /** One session without an implicit transaction (migrations hold an advisory lock across several). */
  session<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T>
  /** Ends only what this executor created. */
  close(): Promise<void>
}
