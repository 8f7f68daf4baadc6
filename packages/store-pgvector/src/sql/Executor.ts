import type { SqlRunner } from './SqlRunner.js'

/**
 * Runs store work against one backend. Every unit of work is one transaction, so `SET LOCAL`
 * settings (statement timeout, HNSW knobs) stay inside it and survive transaction poolers.
 */
export interface Executor {
  readonly kind: 'postgres' | 'pglite'
  transaction<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T>
  /** One session without an implicit transaction (migrations hold an advisory lock across several). */
  session<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T>
  /** Ends only what this executor created. */
  close(): Promise<void>
}
