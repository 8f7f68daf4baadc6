import { checkNamespace } from '../state/checkNamespace.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `Store.delete`: removes memories (and their chunks); how many existed. */
export async function deleteRows(state: InMemoryState, namespace: string, ids: string[]): Promise<number> {
  checkNamespace(namespace)
  let removed = 0
  for (const id of new Set(ids)) {
    if (findRow(state, namespace, id)) {
      state.rows.delete(id)
      removed++
    }
  }
  return removed
}
