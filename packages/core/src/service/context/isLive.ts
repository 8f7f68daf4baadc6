import type { Memory } from '../../model/Memory.js'

/**
 * The default liveness of reads (`MemoryFilter`) at `at`: not superseded, not expired, and its
 * validity window open.
 */
export function isLive(memory: Memory, at: Date): boolean {
  const t = at.getTime()
  return (
    memory.supersededBy === null &&
    (memory.expiresAt === null || memory.expiresAt.getTime() > t) &&
    (memory.validFrom === null || memory.validFrom.getTime() <= t) &&
    (memory.validTo === null || memory.validTo.getTime() > t)
  )
}
