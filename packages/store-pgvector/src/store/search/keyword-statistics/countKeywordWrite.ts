import type { StoreContext } from '../../context/StoreContext.js'
import { scheduleKeywordFold } from './scheduleKeywordFold.js'

/**
 * Every write transaction appends delta rows to the namespace's keyword statistics; a store that
 * writes but never searches in SQL would otherwise let them pile up unread. So every this many
 * writes of one namespace through this store queue a fold (in the background).
 */
const FOLD_EVERY_WRITES = 128

/** Counts a write transaction of `ns` that may have changed its keyword statistics. */
export function countKeywordWrite(context: StoreContext, ns: string): void {
  // The in-process index's store keeps no statistics (`openEmbeddedStore` disables the triggers).
  if (context.keywordIndex !== undefined) return
  const writes = (context.keywordWrites.get(ns) ?? 0) + 1
  if (writes < FOLD_EVERY_WRITES) {
    context.keywordWrites.set(ns, writes)
    return
  }
  context.keywordWrites.delete(ns)
  scheduleKeywordFold(context, ns)
}
