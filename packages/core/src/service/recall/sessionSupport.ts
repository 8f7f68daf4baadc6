import type { Memory } from '../../model/Memory.js'
import type { NeighbourhoodOptions } from '../MemoryServiceOptions.js'
import { streamTimelines } from './streamTimelines.js'

/**
 * Session support: the candidates of one stream written without a pause longer than `windowMs`
 * between them form a session (one sitting of a conversation), and each candidate the legs
 * matched gains `sessionShare` × its session's summed fused relevance, relative to the best
 * session's, × the best fused relevance. A session that matches the query in many of its turns is
 * the conversation the query continues; a turn that matches it alone, in a session about
 * something else, gains little. Memories without a stream gain nothing. Returns a new map.
 */
export function sessionSupport(
  fused: ReadonlyMap<string, number>,
  relevance: ReadonlyMap<string, number>,
  memories: ReadonlyMap<string, Memory>,
  options: Pick<Required<NeighbourhoodOptions>, 'sessionShare' | 'windowMs' | 'streamKey'>,
): Map<string, number> {
  const supported = new Map(relevance)
  // Written as `!(x > 0)` so a NaN setting turns it off instead of spreading NaN.
  if (!(options.sessionShare > 0)) return supported
  const matched: Memory[] = []
  for (const [id, value] of fused) {
    const memory = memories.get(id)
    if (memory !== undefined && value > 0) matched.push(memory)
  }
  const sessions: Array<{ members: Memory[]; mass: number }> = []
  for (const timeline of streamTimelines(matched, options.streamKey).values()) {
    let current: { members: Memory[]; mass: number } | undefined
    let last = Number.NEGATIVE_INFINITY
    for (const memory of timeline) {
      const at = memory.createdAt.getTime()
      if (current === undefined || at - last > options.windowMs) {
        current = { members: [], mass: 0 }
        sessions.push(current)
      }
      current.members.push(memory)
      current.mass += fused.get(memory.id)!
      last = at
    }
  }
  const bestMass = Math.max(0, ...sessions.map((session) => session.mass))
  const bestFused = Math.max(0, ...fused.values())
  if (!(bestMass > 0)) return supported
  for (const { members, mass } of sessions) {
    const gain = options.sessionShare * (mass / bestMass) * bestFused
    for (const memory of members) supported.set(memory.id, (supported.get(memory.id) ?? 0) + gain)
  }
  return supported
}
