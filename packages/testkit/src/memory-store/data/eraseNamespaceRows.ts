import type { EraseReport } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { namespaceRows } from '../state/namespaceRows.js'

/** `NamespaceDataStore.eraseNamespace`: every row of the namespace (the store keeps nothing else by namespace). */
export async function eraseNamespaceRows(state: InMemoryState, namespace: string): Promise<EraseReport> {
  checkNamespace(namespace)
  let memories = 0
  let chunks = 0
  for (const row of namespaceRows(state, namespace)) {
    state.rows.delete(row.memory.id)
    memories += 1
    chunks += row.chunks.length
  }
  return { namespace, memories, chunks, otherRows: {}, indexes: 0 }
}
