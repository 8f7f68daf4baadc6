import type { InMemoryRow } from './InMemoryRow.js'
import type { InMemoryState } from './InMemoryState.js'

/** The row with this id in this namespace (never another namespace's). */
export function findRow(state: InMemoryState, namespace: string, id: string): InMemoryRow | undefined {
  const row = state.rows.get(id)
  return row && row.memory.namespace === namespace ? row : undefined
}
