import type { PendingClaim } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import { compareRowIds } from '../state/compareRowIds.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `RepairStore.claimPending`: leases due pending rows, oldest retry first. */
export async function claimPendingRows(
  state: InMemoryState,
  options: {
    limit: number
    leaseMs: number
    namespace?: string
  },
): Promise<PendingClaim[]> {
  if (options.namespace !== undefined) checkNamespace(options.namespace)
  const now = state.clock().getTime()
  const due = [...state.rows.values()]
    .filter((row) => options.namespace === undefined || row.memory.namespace === options.namespace)
    .filter((row) => row.memory.embedState === 'pending')
    .filter(
      (row) =>
        (row.nextRunAt === null || row.nextRunAt <= now) &&
        (row.leaseUntil === null || row.leaseUntil <= now),
    )
    .sort((a, b) => (a.nextRunAt ?? -Infinity) - (b.nextRunAt ?? -Infinity) || compareRowIds(a, b))
    .slice(0, Math.max(0, Math.trunc(options.limit)))
  return due.map((row) => {
    row.leaseUntil = now + options.leaseMs
    return {
      namespace: row.memory.namespace,
      id: row.memory.id,
      content: row.memory.content,
      fingerprint: row.memory.fingerprint,
      attempts: row.attempts,
    }
  })
}
