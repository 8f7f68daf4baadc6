import type { InMemoryState } from '../state/InMemoryState.js'

/** `NamespaceDataStore.namespaces`: every namespace holding a memory, sorted. */
export async function namespacesOf(state: InMemoryState): Promise<string[]> {
  return [...new Set([...state.rows.values()].map((row) => row.memory.namespace))].sort()
}
