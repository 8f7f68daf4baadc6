import type { MemoryInput } from '@agent-memory/core'
import type { Candidate } from '../extract/CandidateSchema.js'

/** The range a model's judgement of importance is kept in: it never claims certainty either way. */
const ASSESSED = { min: 0.1, max: 0.9 } as const

/**
 * A candidate as a write: stated by the user (`explicit`), tagged with where it came from. The
 * model's judgement of importance is `assessedImportance`, clamped to [0.1, 0.9]; `importance`
 * stays the service's default, so what a user sets explicitly stays distinguishable from a guess.
 */
export function toMemoryInput(candidate: Candidate): MemoryInput {
  return {
    content: candidate.content,
    tier: candidate.tier,
    level: 'explicit',
    assessedImportance: Math.min(ASSESSED.max, Math.max(ASSESSED.min, candidate.importance)),
    tags: candidate.tags,
    metadata: { source: 'observe' },
    ...(candidate.validFrom === null ? {} : { validFrom: new Date(candidate.validFrom) }),
    ...(candidate.validTo === null ? {} : { validTo: new Date(candidate.validTo) }),
  }
}
