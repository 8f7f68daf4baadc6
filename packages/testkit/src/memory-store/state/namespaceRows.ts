import type { InMemoryRow } from './InMemoryRow.js'
import type { InMemoryState } from './InMemoryState.js'

export function namespaceRows(state: InMemoryState, namespace: string): InMemoryRow[] {
  return [...state.rows.values()].filter((row) => row.memory.namespace === namespace)
}
