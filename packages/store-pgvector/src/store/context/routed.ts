import type { Executor } from '../../sql/Executor.js'
import type { TransactionScope, TransactionSettings } from '../../sql/TransactionScope.js'
import type { StoreContext } from './StoreContext.js'

/**
 * The store's executor with its transactions scoped: a read or a write of `namespace` (undefined:
 * every namespace), so a read replica serves what it may (see `ReplicatedExecutor`), with any
 * `settings` the work needs set as the transaction begins.
 */
export function routed(
  context: StoreContext,
  access: TransactionScope['access'],
  namespace: string | undefined,
  settings?: TransactionSettings,
): Pick<Executor, 'transaction'> {
  const scope: TransactionScope =
    settings === undefined ? { access, namespace } : { access, namespace, settings }
  return { transaction: (work) => context.executor.transaction(work, scope) }
}
