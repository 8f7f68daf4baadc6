import type { Memory } from '@agent-memory/core'

/** A memory a LangGraph read may return: not superseded, not expired, its validity window open. */
export function isLive(memory: Memory, now: Date): boolean {
  if (memory.supersededBy !== null) return false
  if (memory.expiresAt !== null && memory.expiresAt <= now) return false
  if (memory.validFrom !== null && memory.validFrom > now) return false
  return memory.validTo === null || memory.validTo > now
}
