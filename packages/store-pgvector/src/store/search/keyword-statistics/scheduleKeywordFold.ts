import type { StoreContext } from '../../context/StoreContext.js'
import { foldKeywordStatistics } from './foldKeywordStatistics.js'

/**
 * Queues `foldKeywordStatistics` for one namespace in the background: a search summed many
 * delta rows, or this store wrote many statements to the namespace since its last fold. Never on
 * the response path, once per namespace at a time; a failure only leaves the rows unfolded
 * (readers still sum them right) until the next trigger.
 */
export function scheduleKeywordFold(context: StoreContext, namespace: string): void {
  const { upkeep } = context
  if (context.executor.readOnly || upkeep.closing || upkeep.folds.has(namespace)) return
  const work = foldKeywordStatistics(context, namespace)
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => upkeep.folds.delete(namespace))
  upkeep.folds.set(namespace, work)
}
