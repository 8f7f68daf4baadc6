import type { MemoryInput } from '@agent-memory/core'
import type { Candidate } from '../extract/CandidateSchema.js'

/** A candidate as a write: stated by the user (`explicit`), tagged with where it came from. */
export function toMemoryInput(candidate: Candidate): MemoryInput {
  return {
    content: candidate.content,
    tier: candidate.tier,
    level: 'explicit',
    importance: candidate.importance,
    tags: candidate.tags,
    metadata: { source: 'observe' },
    ...(candidate.validFrom === null ? {} : { validFrom: new Date(candidate.validFrom) }),
    ...(candidate.validTo === null ? {} : { validTo: new Date(candidate.validTo) }),
  }
}
