import type { Memory } from '../../model/Memory.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { profileCandidateLists } from './profileCandidateLists.js'

/**
 * Rows read per look-up: T / 8 for a budget of T tokens (400 → 50), at least 16, at most 200. The
 * four look-ups together offer up to four times that, more than a budget of short facts holds once
 * near-repeats are dropped; every row read is decoded in full, which is where a profile's time
 * goes on the embedded store once the look-ups walk indexes.
 */
function poolFor(maxTokens: number): number {
  return Math.min(200, Math.max(16, Math.ceil(maxTokens / 8)))
}

/**
 * The memories a profile is chosen from, without reading the whole namespace: the union of
 * `profileCandidateLists` (top stored importance per durable tier, most recently accessed or
 * re-observed, pinned), deduplicated by id. One `Store.profileCandidates` read where the store has
 * it, else the four `list` look-ups side by side.
 */
export async function gatherProfileCandidates(
  context: ServiceContext,
  namespace: string,
  maxTokens: number,
): Promise<Memory[]> {
  const { store } = context
  const pool = poolFor(maxTokens)
  if (store.profileCandidates) return store.profileCandidates(namespace, pool)
  const lists = await Promise.all(
    profileCandidateLists(pool).map((options) => store.list(namespace, options)),
  )
  const byId = new Map<string, Memory>()
  for (const list of lists) for (const memory of list) byId.set(memory.id, memory)
  return [...byId.values()]
}
