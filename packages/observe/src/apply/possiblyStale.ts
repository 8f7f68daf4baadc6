import { type Memory, type MemoryService, resolveLink } from '@agent-memory/core'

/**
 * The live memories linked to `old` (its links resolved as recall resolves them), which a change
 * to it may have made wrong: the user moved, so the commute is in doubt. `exclude` (the
 * replacement) is left out.
 */
export async function possiblyStale(
  memory: Pick<MemoryService, 'store'>,
  namespace: string,
  old: Memory,
  at: Date,
  exclude?: string,
): Promise<Array<{ id: string; content: string }>> {
  const resolved = await Promise.all(
    old.linkedMemoryIds.map((id) => resolveLink(memory.store, namespace, id, at)),
  )
  const seen = new Set<string>([old.id, ...(exclude === undefined ? [] : [exclude])])
  const stale: Array<{ id: string; content: string }> = []
  for (const linked of resolved) {
    if (linked === null || seen.has(linked.id)) continue
    seen.add(linked.id)
    stale.push({ id: linked.id, content: linked.content })
  }
  return stale
}
