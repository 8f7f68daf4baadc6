import type { ReadRoutingStats } from '../../sql/ReadRoutingStats.js'
import { ReplicatedExecutor } from '../../sql/ReplicatedExecutor.js'
import type { StoreContext } from './StoreContext.js'

/** What the read replica served, and its state; `null` when the store has no read pool. */
export function readRoutingStats(context: StoreContext): ReadRoutingStats | null {
  const { executor } = context
  return executor instanceof ReplicatedExecutor ? executor.stats() : null
}
