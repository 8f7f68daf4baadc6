import type { ReinforceOptions } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `Store.reinforce`: counts an access per listed id and slides a set expiry. */
export async function reinforceRows(
  state: InMemoryState,
  namespace: string,
  ids: string[],
  options: ReinforceOptions = {},
): Promise<void> {
  checkNamespace(namespace)
  const at = options.at ?? state.clock()
  for (const id of ids) {
    const row = findRow(state, namespace, id)
    if (!row) continue
    row.memory.accessCount += 1
    row.memory.lastAccessedAt = new Date(at.getTime())
    if (options.slidingTtlMs !== undefined && row.memory.expiresAt !== null) {
      row.memory.expiresAt = new Date(at.getTime() + options.slidingTtlMs)
    }
  }
}
