import type { Memory } from '../../model/Memory.js'
import type { RecentSupportOptions } from '../MemoryServiceOptions.js'

/**
 * Recent support: each candidate gains `share` × the best relevance × 0.5^(age / `halfLifeMs`),
 * its age being the time from its `createdAt` to the recall's reference instant (`filter.asOf`,
 * else now; a memory dated later counts as age 0). A user coming back to an assistant usually
 * continues the latest piece of work: among memories that match about as well, the one written
 * days before the question comes first, and one written months or years before gains nothing.
 * The gain is bounded by `share` × the best relevance, so it reorders near ties only. Returns a
 * new map.
 */
export function recentSupport(
  relevance: ReadonlyMap<string, number>,
  memories: ReadonlyMap<string, Memory>,
  reference: Date,
  options: Required<RecentSupportOptions>,
): Map<string, number> {
  const supported = new Map(relevance)
  // Written as `!(x > 0)` so a NaN setting turns it off instead of spreading NaN.
  if (!(options.share > 0 && options.halfLifeMs > 0)) return supported
  const best = Math.max(0, ...relevance.values())
  if (!(best > 0)) return supported
  const at = reference.getTime()
  for (const [id, value] of relevance) {
    const memory = memories.get(id)
    if (memory === undefined) continue
    const age = Math.max(0, at - memory.createdAt.getTime())
    supported.set(id, value + options.share * best * 0.5 ** (age / options.halfLifeMs))
  }
  return supported
}
