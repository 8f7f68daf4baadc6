import type { Memory } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import { compareRowIds } from '../state/compareRowIds.js'
import { copyMemory } from '../state/copyMemory.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { namespaceRows } from '../state/namespaceRows.js'

/** `Store.history`: the supersession chain through a memory, oldest first. */
export async function rowHistory(state: InMemoryState, namespace: string, id: string): Promise<Memory[]> {
  checkNamespace(namespace)
  if (!findRow(state, namespace, id)) return []
  // Breadth-first both ways: what this replaced (and what that replaced), and what replaced it.
  const seen = new Set<string>([id])
  const queue = [id]
  const rows = namespaceRows(state, namespace)
  while (queue.length > 0) {
    const current = queue.shift()!
    const next = findRow(state, namespace, current)?.memory.supersededBy
    const neighbours = rows.filter((row) => row.memory.supersededBy === current).map((row) => row.memory.id)
    if (next) neighbours.push(next)
    for (const neighbour of neighbours) {
      if (!seen.has(neighbour) && findRow(state, namespace, neighbour)) {
        seen.add(neighbour)
        queue.push(neighbour)
      }
    }
  }
  return [...seen]
    .map((memberId) => findRow(state, namespace, memberId)!)
    .sort((a, b) => a.memory.createdAt.getTime() - b.memory.createdAt.getTime() || compareRowIds(a, b))
    .map((row) => copyMemory(row.memory))
}
