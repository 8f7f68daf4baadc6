import type { StoreContext } from '../context/StoreContext.js'
import { maintainVectorIndexes } from './maintainVectorIndexes.js'

/** A failed background build is not retried sooner than this. */
const RETRY_AFTER_MS = 10 * 60_000

/**
 * Queues `maintainVectorIndexes` for one namespace in the background (`autoIndex`): a search
 * noticed the namespace needs an index it lacks, or keeps one it outgrew. Never on the response
 * path, once per namespace at a time; a failure only delays the next attempt (searches stay
 * exact, hence complete, meanwhile).
 */
export function scheduleIndexUpkeep(context: StoreContext, namespace: string): void {
  const { upkeep } = context
  if (!context.autoIndex || context.executor.readOnly || upkeep.closing) return
  if (upkeep.running.has(namespace)) return
  const failed = upkeep.failedAt.get(namespace)
  if (failed !== undefined && Date.now() - failed < RETRY_AFTER_MS) return
  const work = maintainVectorIndexes(context, { namespace })
    .then(
      () => undefined,
      () => {
        upkeep.failedAt.set(namespace, Date.now())
      },
    )
    .finally(() => upkeep.running.delete(namespace))
  upkeep.running.set(namespace, work)
}
