import type { StoreContext } from '../../context/StoreContext.js'
import { trimKeywordChangeLog } from '../../keyword/trimKeywordChangeLog.js'
import { foldKeywordStatistics } from './foldKeywordStatistics.js'

/**
 * Queues `foldKeywordStatistics` for one namespace in the background: a search summed many
 * delta rows, or this store wrote many statements to the namespace since its last fold (with
 * `trimKeywordChangeLog`). Never on
 * the response path, once per namespace at a time; a failure only leaves the rows unfolded
 * (readers still sum them right) until the next trigger.
 */
export function scheduleKeywordFold(context: StoreContext, namespace: string): void {
  const { upkeep } = context
  if (context.executor.readOnly || upkeep.closing || upkeep.folds.has(namespace)) return
  // The keyword change log's trim rides along: it grows with the same writes.
  const work = foldKeywordStatistics(context, namespace)
    .then(() => trimKeywordChangeLog(context))
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => upkeep.folds.delete(namespace))
  upkeep.folds.set(namespace, work)
}
