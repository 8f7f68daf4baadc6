import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * After the SQL keyword leg ranked a namespace of `rows` documents: loads it into this process's
 * shared keyword index in the background when the index wants it (`SharedKeywordIndex.wants`).
 * Never on the response path; one load per namespace at a time; a failure leaves the SQL leg.
 */
export function scheduleKeywordLoad(context: StoreContext, namespace: string, rows: number): void {
  const { upkeep, sharedKeywordIndex: shared } = context
  if (shared === undefined || upkeep.closing || upkeep.keywordLoads.has(namespace)) return
  if (!shared.wants(namespace, rows)) return
  const read = routed(context, 'read', namespace)
  const work = shared
    .load(namespace, (text, params) => read.readStatement(text, params))
    .catch(() => undefined)
    .finally(() => upkeep.keywordLoads.delete(namespace))
  upkeep.keywordLoads.set(namespace, work)
}
