import type { InspectorDeps } from './InspectorDeps.js'

/** A memory with its supersession chain (oldest first) and its chunks; null when missing. */
export async function loadMemoryDetail(deps: InspectorDeps, namespace: string, id: string) {
  const memory = await deps.memory.get(namespace, id)
  if (memory === null) return null
  const [history, chunks] = await Promise.all([
    deps.memory.history(namespace, id),
    deps.store.chunksOf(namespace, id),
  ])
  return { memory, history, chunks }
}
