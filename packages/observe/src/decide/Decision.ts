import type { Memory } from '@agent-memory/core'
import type { Candidate } from '../extract/CandidateSchema.js'

/** A validated decision: the candidate, and for relate/reinforce/supersede the live memory it targets. */
export type Decision =
  | { action: 'add'; candidate: Candidate; reason: string }
  | { action: 'ignore'; candidate: Candidate; reason: string }
  | { action: 'relate'; candidate: Candidate; target: Memory; reason: string }
  | { action: 'reinforce'; candidate: Candidate; target: Memory; reason: string }
  | { action: 'supersede'; candidate: Candidate; target: Memory; reason: string }
