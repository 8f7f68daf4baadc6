import type { Executor } from '../../sql/Executor.js'
import type { TransactionScope } from '../../sql/TransactionScope.js'
import type { StoreContext } from './StoreContext.js'

/**
 * The store's executor with its transactions scoped: a read or a write of `namespace` (undefined:
 * every namespace), so a read replica serves what it may (see `ReplicatedExecutor`).
 */
export function routed(
  context: StoreContext,
  access: TransactionScope['access'],
  namespace: string | undefined,
): Pick<Executor, 'transaction'> {
  const scope: TransactionScope = { access, namespace }
  return { transaction: (work) => context.executor.transaction(work, scope) }
}
