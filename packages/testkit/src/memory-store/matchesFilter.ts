import {
  InvalidArgumentError,
  METADATA_KEY_PATTERN,
  type Memory,
  type MemoryFilter,
} from '@agent-memory/core'

/**
 * Whether `memory` passes `filter` at instant `now` (the MemoryFilter contract, including default
 * liveness and `asOf` time travel).
 */
export function matchesFilter(memory: Memory, filter: MemoryFilter | undefined, now: Date): boolean {
  const f = filter ?? {}
  const at = (f.asOf ?? now).getTime()
  if (!f.includeExpired && memory.expiresAt !== null && memory.expiresAt.getTime() <= at) return false
  // asOf: supersession is answered by the validity window (supersede stamps validTo).
  const supersededVisible = f.includeSuperseded === true || f.asOf !== undefined
  if (memory.supersededBy !== null && !supersededVisible) return false
  if (memory.validFrom !== null && memory.validFrom.getTime() > at) return false
  // A superseded row asked for explicitly is shown even though its window closed when it was replaced.
  const windowExempt = f.includeSuperseded === true && f.asOf === undefined && memory.supersededBy !== null
  if (!windowExempt && memory.validTo !== null && memory.validTo.getTime() <= at) return false
  if (f.tiers && f.tiers.length > 0 && !f.tiers.includes(memory.tier)) return false
  if (f.levels && f.levels.length > 0 && (memory.level === null || !f.levels.includes(memory.level)))
    return false
  if (f.tags && !f.tags.every((tag) => memory.tags.includes(tag))) return false
  if (f.metadata) {
    for (const [key, value] of Object.entries(f.metadata)) {
      if (!METADATA_KEY_PATTERN.test(key)) {
        throw new InvalidArgumentError(
          'filter.metadata',
          `metadata filter key ${JSON.stringify(key)} is not allowed`,
        )
      }
      if (!Object.hasOwn(memory.metadata, key) || memory.metadata[key] !== value) return false
    }
  }
  if (f.createdAfter && memory.createdAt.getTime() <= f.createdAfter.getTime()) return false
  if (f.accessedAfter && memory.lastAccessedAt.getTime() <= f.accessedAfter.getTime()) return false
  return true
}
