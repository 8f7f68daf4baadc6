import type { Memory } from '../model/Memory.js'
import type { Store } from '../spec/Store.js'
import { isLive } from './context/isLive.js'

/** Longest supersession chain followed from a link; a longer (or cyclic) one is treated as broken. */
const MAX_HOPS = 32

/**
 * Where a link (`Memory.linkedMemoryIds`) leads at `at`: the target, or the current successor of
 * a superseded one; `null` when the target (or a successor on the way) was forgotten or swept, or
 * the current version is not live (expired, out of its validity window). Recall's `includeLinked`
 * resolves links this way; so can anything that shows them.
 */
export async function resolveLink(
  store: Pick<Store, 'get'>,
  namespace: string,
  id: string,
  at: Date,
): Promise<Memory | null> {
  let memory = await store.get(namespace, id)
  for (let hops = 0; memory !== null && memory.supersededBy !== null; hops++) {
    if (hops === MAX_HOPS) return null
    memory = await store.get(namespace, memory.supersededBy)
  }
  return memory !== null && isLive(memory, at) ? memory : null
}
