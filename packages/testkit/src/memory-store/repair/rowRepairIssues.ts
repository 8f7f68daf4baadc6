import type { RepairIssue } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `RepairStore.repairIssues`: rows without a vector, oldest first, with the recorded failure. */
export async function rowRepairIssues(
  state: InMemoryState,
  namespace?: string,
  options: { ids?: string[]; limit?: number } = {},
): Promise<RepairIssue[]> {
  if (namespace !== undefined) checkNamespace(namespace)
  const wanted = options.ids === undefined ? null : new Set(options.ids)
  const limit = Math.min(1_000, Math.max(1, Math.floor(options.limit ?? 100)))
  const now = state.clock().getTime()
  return [...state.rows.values()]
    .filter((row) => namespace === undefined || row.memory.namespace === namespace)
    .filter((row) => wanted === null || wanted.has(row.memory.id))
    .filter((row) => row.memory.embedState !== 'ok')
    .sort(
      (a, b) =>
        a.memory.createdAt.getTime() - b.memory.createdAt.getTime() ||
        a.memory.namespace.localeCompare(b.memory.namespace) ||
        (a.memory.id < b.memory.id ? -1 : a.memory.id > b.memory.id ? 1 : 0),
    )
    .slice(0, limit)
    .map((row) => ({
      namespace: row.memory.namespace,
      id: row.memory.id,
      embedState: row.memory.embedState === 'failed' ? ('failed' as const) : ('pending' as const),
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.nextRunAt === null ? null : new Date(row.nextRunAt),
      leasedUntil: row.leaseUntil !== null && row.leaseUntil > now ? new Date(row.leaseUntil) : null,
    }))
}
