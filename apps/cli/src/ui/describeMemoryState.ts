import type { Memory } from '@agent-memory/core'

/** Why a memory is or is not live right now, in a few words (superseded, expired, not yet/no longer valid, embed state). */
export function describeMemoryState(memory: Memory, now = new Date()): string[] {
  const notes: string[] = []
  if (memory.supersededBy !== null) notes.push('superseded')
  if (memory.expiresAt !== null && memory.expiresAt <= now) notes.push('expired')
  if (memory.validFrom !== null && memory.validFrom > now) notes.push('not yet valid')
  if (memory.validTo !== null && memory.validTo <= now) notes.push('no longer valid')
  if (memory.embedState !== 'ok') notes.push(`embed ${memory.embedState}`)
  return notes.length === 0 ? ['live'] : notes
}
