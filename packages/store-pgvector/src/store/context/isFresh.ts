import type { StoreContext } from './StoreContext.js'

/** Whether cached facts read at `at` (`Date.now()`) are still trusted (`countTtlMs`). */
export function isFresh(context: StoreContext, at: number): boolean {
  return Date.now() - at < context.countTtlMs
}
