import { type Memory, profileCandidateLists } from '@agent-memory/core'
import type { InMemoryState } from '../state/InMemoryState.js'
import { listRows } from './listRows.js'

/** `Store.profileCandidates`: the union of the four `profileCandidateLists` look-ups, each memory once. */
export async function profileCandidateRows(
  state: InMemoryState,
  namespace: string,
  limit: number,
): Promise<Memory[]> {
  const byId = new Map<string, Memory>()
  for (const options of profileCandidateLists(limit)) {
    for (const memory of await listRows(state, namespace, options)) byId.set(memory.id, memory)
  }
  return [...byId.values()]
}
