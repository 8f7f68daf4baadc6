import { checkNamespace } from '../state/checkNamespace.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `Store.restore`: undoes a supersession, reopening the window supersede closed. */
export async function restoreRow(state: InMemoryState, namespace: string, id: string): Promise<boolean> {
  checkNamespace(namespace)
  const row = findRow(state, namespace, id)
  if (!row) return false
  row.memory.supersededBy = null
  if (row.stampedValidTo) row.memory.validTo = null
  row.stampedValidTo = false
  row.memory.updatedAt = state.clock()
  return true
}
