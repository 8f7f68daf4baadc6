import type { Executor } from '../sql/Executor.js'
import type { PipelinedRunner } from '../sql/PipelinedRunner.js'
import type { SqlRunner } from '../sql/SqlRunner.js'
import type { TransactionScope } from '../sql/TransactionScope.js'

/** Wraps an executor and records every statement the store sends through it (COPY included). */
export class CapturingExecutor implements Executor {
  readonly statements: string[] = []
  /** The bound values of each statement in `statements`, at the same index. */
  readonly values: unknown[][] = []
  /** The scope of every transaction, in order. */
  readonly scopes: Array<TransactionScope | undefined> = []
  readonly #inner: Executor

  constructor(inner: Executor) {
    this.#inner = inner
  }

  get kind(): Executor['kind'] {
    return this.#inner.kind
  }

  get schema(): string | undefined {
    return this.#inner.schema
  }

  get readOnly(): boolean {
    return this.#inner.readOnly
  }

  #wrap(sql: SqlRunner): SqlRunner {
    const statements = this.statements
    const values = this.values
    const runner: SqlRunner = {
      query: (text, params) => {
        statements.push(text)
        values.push(params ?? [])
        return sql.query(text, params)
      },
    }
    const copyIn = sql.copyIn
    if (copyIn !== undefined) {
      runner.copyIn = (copyStatement, payload) => {
        statements.push(copyStatement)
        values.push([])
        return copyIn.call(sql, copyStatement, payload)
      }
    }
    return runner
  }

  transaction<T>(work: (sql: SqlRunner) => Promise<T>, scope?: TransactionScope): Promise<T> {
    this.scopes.push(scope)
    return this.#inner.transaction((sql) => work(this.#wrap(sql)), scope)
  }

  readStatement<Row = Record<string, unknown>>(
    text: string,
    params: unknown[],
    scope: TransactionScope,
  ): Promise<Row[]> {
    this.#record(text, params, scope)
    return this.#inner.readStatement<Row>(text, params, scope)
  }

  writeStatement<Row = Record<string, unknown>>(
    text: string,
    params: unknown[],
    scope: TransactionScope,
  ): Promise<Row[]> {
    this.#record(text, params, scope)
    return this.#inner.writeStatement<Row>(text, params, scope)
  }

  /** One single-statement call: its scope, text and values at the same index. */
  #record(text: string, params: unknown[], scope: TransactionScope): void {
    this.scopes.push(scope)
    this.statements.push(text)
    this.values.push(params)
  }

  pipelinedRead<T>(work: (sql: PipelinedRunner) => Promise<T>, scope: TransactionScope): Promise<T> {
    this.scopes.push(scope)
    return this.#inner.pipelinedRead((sql) => work({ ...this.#wrap(sql), commit: () => sql.commit() }), scope)
  }

  pipelinedWrite<T>(work: (sql: PipelinedRunner) => Promise<T>, scope: TransactionScope): Promise<T> {
    this.scopes.push(scope)
    return this.#inner.pipelinedWrite(
      (sql) => work({ ...this.#wrap(sql), commit: () => sql.commit() }),
      scope,
    )
  }

  get roundTrips(): number {
    return this.#inner.roundTrips
  }

  session<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
    return this.#inner.session((sql) => work(this.#wrap(sql)))
  }

  close(): Promise<void> {
    return this.#inner.close()
  }
}
