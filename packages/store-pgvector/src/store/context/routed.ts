import type { PipelinedRunner } from '../../sql/PipelinedRunner.js'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { TransactionScope, TransactionSettings } from '../../sql/TransactionScope.js'
import type { StoreContext } from './StoreContext.js'

/**
 * The store's executor with its transactions scoped: a read or a write of `namespace` (undefined:
 * every namespace; a list: those namespaces), so a read replica serves what it may (see `ReplicatedExecutor`), with any
 * `settings` the work needs set as the transaction begins. `readStatement` is one read-only
 * statement in a transaction of its own: one round trip on PostgreSQL (`Executor.readStatement`);
 * `writeStatement` its read-write twin; `pipelinedRead` read-only work whose statements are
 * pipelined (`Executor.pipelinedRead`; `how.prepared`: they may run prepared), `pipelinedWrite`
 * its read-write twin.
 */
export function routed(
  context: StoreContext,
  access: TransactionScope['access'],
  namespace: string | readonly string[] | undefined,
  settings?: TransactionSettings,
): {
  transaction: <T>(work: (sql: SqlRunner) => Promise<T>) => Promise<T>
  readStatement: <Row = Record<string, unknown>>(text: string, params: unknown[]) => Promise<Row[]>
  writeStatement: <Row = Record<string, unknown>>(text: string, params: unknown[]) => Promise<Row[]>
  pipelinedRead: <T>(
    work: (sql: PipelinedRunner) => Promise<T>,
    how?: Pick<TransactionScope, 'prepared'>,
  ) => Promise<T>
  pipelinedWrite: <T>(work: (sql: PipelinedRunner) => Promise<T>) => Promise<T>
} {
  const named: TransactionScope =
    typeof namespace === 'object'
      ? { access, namespace: undefined, namespaces: namespace }
      : { access, namespace }
  const scope: TransactionScope = settings === undefined ? named : { ...named, settings }
  return {
    transaction: (work) => context.executor.transaction(work, scope),
    readStatement: <Row>(text: string, params: unknown[]) =>
      context.executor.readStatement<Row>(text, params, scope),
    writeStatement: <Row>(text: string, params: unknown[]) =>
      context.executor.writeStatement<Row>(text, params, scope),
    pipelinedRead: (work, how) =>
      context.executor.pipelinedRead(work, how?.prepared === true ? { ...scope, prepared: true } : scope),
    pipelinedWrite: (work) => context.executor.pipelinedWrite(work, scope),
  }
}
