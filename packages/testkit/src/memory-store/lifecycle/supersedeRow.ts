import { checkNamespace } from '../state/checkNamespace.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `Store.supersede`: tombstones `oldId` for `newId`, closing its validity window at `at`. */
export async function supersedeRow(
  state: InMemoryState,
  namespace: string,
  oldId: string,
  newId: string,
  at?: Date,
): Promise<boolean> {
  checkNamespace(namespace)
  const old = findRow(state, namespace, oldId)
  if (!old || !findRow(state, namespace, newId)) return false
  const when = at ?? state.clock()
  old.memory.supersededBy = newId
  const open = old.memory.validTo === null || old.memory.validTo.getTime() > when.getTime()
  if (open) {
    old.memory.validTo = new Date(when.getTime())
    old.stampedValidTo = true
  }
  old.memory.updatedAt = state.clock()
  return true
}
