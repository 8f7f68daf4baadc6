import type { ServiceContext } from '../context/ServiceContext.js'
import { slidingOptions } from '../context/slidingOptions.js'
import type { PendingReinforcement } from './PendingReinforcement.js'

/**
 * One flush of recall's reinforcement queue: a single `Store.reinforceMany` where the store has
 * it (its failure is the flush's, reported by the queue), else one `reinforce` per group, a
 * failing group reported and the others still written.
 */
export async function writeReinforcements(
  context: ServiceContext,
  groups: readonly PendingReinforcement[],
): Promise<void> {
  const calls = groups.map(({ namespace, tier, ids, at }) => ({
    namespace,
    ids,
    options: slidingOptions(context, tier, at),
  }))
  const { store } = context
  if (store.reinforceMany) {
    await store.reinforceMany(calls)
    return
  }
  for (const { namespace, ids, options } of calls) {
    try {
      await store.reinforce(namespace, ids, options)
    } catch (error) {
      context.report(error, 'recall.reinforce')
    }
  }
}
