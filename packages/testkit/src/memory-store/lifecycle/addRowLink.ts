import { checkNamespace } from '../state/checkNamespace.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `Store.addLink`: appends `toId` to `fromId`'s links once, when both are in the namespace. */
export async function addRowLink(
  state: InMemoryState,
  namespace: string,
  fromId: string,
  toId: string,
): Promise<boolean> {
  checkNamespace(namespace)
  const from = findRow(state, namespace, fromId)
  if (fromId === toId || !from || !findRow(state, namespace, toId)) return false
  if (!from.memory.linkedMemoryIds.includes(toId)) {
    from.memory.linkedMemoryIds = [...from.memory.linkedMemoryIds, toId]
    from.memory.updatedAt = state.clock()
  }
  return true
}
