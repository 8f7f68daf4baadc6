import { checkNamespace } from '../state/checkNamespace.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

const MAX_ERROR_LENGTH = 1000

/** `RepairStore.failRepair`: counts a failed attempt, backs off, parks at `maxAttempts`. */
export async function failRowRepair(
  state: InMemoryState,

  namespace: string,
  id: string,
  options: { backoffMs: number; maxAttempts: number; error: string },
): Promise<'retry' | 'parked'> {
  checkNamespace(namespace)
  const row = findRow(state, namespace, id)
  if (!row) return 'parked'
  row.attempts += 1
  row.leaseUntil = null
  row.lastError = options.error.slice(0, MAX_ERROR_LENGTH)
  if (row.attempts >= options.maxAttempts) {
    row.memory.embedState = 'failed'
    row.nextRunAt = null
    return 'parked'
  }
  row.nextRunAt = state.clock().getTime() + Math.max(0, options.backoffMs)
  return 'retry'
}
