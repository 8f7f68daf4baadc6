import type { ListOptions, Memory } from '@agent-memory/core'
import { matchesFilter } from '../matchesFilter.js'
import { checkNamespace } from '../state/checkNamespace.js'
import { compareRowIds } from '../state/compareRowIds.js'
import { copyMemory } from '../state/copyMemory.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { namespaceRows } from '../state/namespaceRows.js'

/** `Store.list`: a filtered page, ordered by one field then id. */
export async function listRows(
  state: InMemoryState,
  namespace: string,
  options: ListOptions = {},
): Promise<Memory[]> {
  checkNamespace(namespace)
  const now = state.clock()
  const orderBy = options.orderBy ?? 'createdAt'
  const sign = (options.direction ?? 'desc') === 'desc' ? -1 : 1
  const key = (memory: Memory): number =>
    orderBy === 'importance' ? memory.importance : (memory[orderBy] as Date).getTime()
  const offset = Math.max(0, Math.trunc(options.offset ?? 0))
  const sorted = namespaceRows(state, namespace)
    .filter((row) => matchesFilter(row.memory, options.filter, now))
    .sort((a, b) => sign * (key(a.memory) - key(b.memory)) || compareRowIds(a, b))
  const limit = options.limit === undefined ? sorted.length : Math.max(0, Math.trunc(options.limit))
  return sorted.slice(offset, offset + limit).map((row) => copyMemory(row.memory))
}
