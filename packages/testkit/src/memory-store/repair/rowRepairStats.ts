import type { RepairStats } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `RepairStore.repairStats`: pending, leased and parked rows. */
export async function rowRepairStats(state: InMemoryState, namespace?: string): Promise<RepairStats> {
  if (namespace !== undefined) checkNamespace(namespace)
  const now = state.clock().getTime()
  const stats: RepairStats = { pending: 0, leased: 0, failed: 0 }
  for (const row of state.rows.values()) {
    if (namespace !== undefined && row.memory.namespace !== namespace) continue
    if (row.memory.embedState === 'pending') {
      stats.pending++
      if (row.leaseUntil !== null && row.leaseUntil > now) stats.leased++
    }
    if (row.memory.embedState === 'failed') stats.failed++
  }
  return stats
}
