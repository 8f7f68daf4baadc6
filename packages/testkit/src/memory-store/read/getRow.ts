import type { Memory } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import { copyMemory } from '../state/copyMemory.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `Store.get`: a copy of the memory, whatever its liveness, or null. */
export async function getRow(state: InMemoryState, namespace: string, id: string): Promise<Memory | null> {
  checkNamespace(namespace)
  const row = findRow(state, namespace, id)
  return row ? copyMemory(row.memory) : null
}
