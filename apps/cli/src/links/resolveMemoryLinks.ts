import type { Memory, MemoryService } from '@agent-memory/core'

/** Where one of a memory's links points now (what `get` shows). */
export interface ResolvedLink {
  /** The id stored in the link. */
  id: string
  /** `live`; `superseded`: `current` is its current version; `gone`: forgotten, swept or expired. */
  state: 'live' | 'superseded' | 'gone'
  /** The memory the link leads to now (null when gone). */
  current: Memory | null
}

/**
 * Resolves a memory's links as recall does: a superseded target leads to its current version
 * (the end of its supersession chain), a missing or no longer live one to nothing.
 */
export async function resolveMemoryLinks(
  memory: Pick<MemoryService, 'history'>,
  namespace: string,
  ids: readonly string[],
  at: Date,
): Promise<ResolvedLink[]> {
  return Promise.all(
    ids.map(async (id): Promise<ResolvedLink> => {
      const chain = await memory.history(namespace, id)
      const current = chain.at(-1)
      const live =
        current !== undefined &&
        current.supersededBy === null &&
        (current.expiresAt === null || current.expiresAt > at) &&
        (current.validTo === null || current.validTo > at)
      if (!live) return { id, state: 'gone', current: null }
      return { id, state: current.id === id ? 'live' : 'superseded', current }
    }),
  )
}
