import { resolveMemoryLinks } from '../links/resolveMemoryLinks.js'
import type { InspectorDeps } from './InspectorDeps.js'

/**
 * A memory with its supersession chain (oldest first), its chunks and its links resolved as recall
 * resolves them (a superseded target shown by its current version); null when missing.
 */
export async function loadMemoryDetail(deps: InspectorDeps, namespace: string, id: string) {
  const memory = await deps.memory.get(namespace, id)
  if (memory === null) return null
  const [history, chunks, links] = await Promise.all([
    deps.memory.history(namespace, id),
    deps.store.chunksOf(namespace, id),
    resolveMemoryLinks(deps.memory.store, namespace, memory.linkedMemoryIds, new Date()),
  ])
  return { memory, history, chunks, links }
}
