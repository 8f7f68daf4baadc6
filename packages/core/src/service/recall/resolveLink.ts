import type { Memory } from '../../model/Memory.js'
import { isLive } from '../context/isLive.js'
import type { ServiceContext } from '../context/ServiceContext.js'

/** Longest supersession chain followed from a link; a longer (or cyclic) one is treated as broken. */
const MAX_HOPS = 32

/**
 * What a link points at now: the memory, or the current successor of a superseded one; `null`
 * when the target (or a successor on the way) was forgotten or swept, or the current version is
 * not live (expired, out of its validity window).
 */
export async function resolveLink(
  context: Pick<ServiceContext, 'store'>,
  namespace: string,
  id: string,
  at: Date,
): Promise<Memory | null> {
  let memory = await context.store.get(namespace, id)
  for (let hops = 0; memory !== null && memory.supersededBy !== null; hops++) {
    if (hops === MAX_HOPS) return null
    memory = await context.store.get(namespace, memory.supersededBy)
  }
  return memory !== null && isLive(memory, at) ? memory : null
}
