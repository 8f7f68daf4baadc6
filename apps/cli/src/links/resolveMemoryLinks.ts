import { type Memory, resolveLink, type Store } from '@agent-memory/core'

/** Where one of a memory's links points now (what `get` shows). */
export interface ResolvedLink {
  /** The id stored in the link. */
  id: string
  /** `live`; `superseded`: `current` is its current version; `gone`: forgotten, swept or expired. */
  state: 'live' | 'superseded' | 'gone'
  /** The memory the link leads to now (null when gone). */
  current: Memory | null
}

/** A memory's links resolved as recall resolves them (`resolveLink`), with what became of each. */
export async function resolveMemoryLinks(
  store: Pick<Store, 'get'>,
  namespace: string,
  ids: readonly string[],
  at: Date,
): Promise<ResolvedLink[]> {
  return Promise.all(
    ids.map(async (id): Promise<ResolvedLink> => {
      const current = await resolveLink(store, namespace, id, at)
      if (current === null) return { id, state: 'gone', current: null }
      return { id, state: current.id === id ? 'live' : 'superseded', current }
    }),
  )
}
