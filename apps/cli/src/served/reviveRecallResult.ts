import type { Memory, RecallResult } from '@agent-memory/core'

const REQUIRED_DATES = ['createdAt', 'updatedAt', 'lastAccessedAt'] as const
const OPTIONAL_DATES = ['expiresAt', 'validFrom', 'validTo', 'observedAt'] as const

/**
 * A `RecallResult` that crossed the wire as JSON, with its memories' dates made `Date`s again.
 * The holder is this user's own CLI on this machine, so the shape is trusted; a date that does
 * not parse still fails loudly rather than printing "Invalid Date".
 */
export function reviveRecallResult(json: unknown): RecallResult {
  const result = json as RecallResult
  for (const hit of result.hits) {
    const memory = hit.memory as unknown as Record<string, string | Date | null>
    const revive = (key: keyof Memory) => {
      const value = new Date(memory[key] as string)
      if (Number.isNaN(value.getTime())) throw new Error(`the store server sent an unreadable ${key}`)
      memory[key] = value
    }
    for (const key of REQUIRED_DATES) revive(key)
    for (const key of OPTIONAL_DATES) if (memory[key] !== null) revive(key)
  }
  return result
}
