import { checkNamespace } from '../state/checkNamespace.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `Store.removeLink`: takes `toId` out of `fromId`'s links; whether it was there. */
export async function removeRowLink(
  state: InMemoryState,
  namespace: string,
  fromId: string,
  toId: string,
): Promise<boolean> {
  checkNamespace(namespace)
  const from = findRow(state, namespace, fromId)
  if (from === undefined || !from.memory.linkedMemoryIds.includes(toId)) return false
  from.memory.linkedMemoryIds = from.memory.linkedMemoryIds.filter((id) => id !== toId)
  from.memory.updatedAt = state.clock()
  return true
}
