import type { Store } from '@agent-memory/core'

/** Reads every write back through the store by id: the ids found, per namespace. */
export async function readBack(
  store: Pick<Store, 'get'>,
  writes: ReadonlyArray<{ namespace: string; id: string }>,
): Promise<Map<string, Set<string>>> {
  const readable = new Map<string, Set<string>>()
  for (const { namespace, id } of writes) {
    const memory = await store.get(namespace, id)
    if (memory === null) continue
    const ids = readable.get(namespace) ?? new Set<string>()
    ids.add(memory.id)
    readable.set(namespace, ids)
  }
  return readable
}
