import type { Memory } from '@agent-memory/core'
import type { Candidate } from '../extract/CandidateSchema.js'

/**
 * What one decision call showed the model: candidates as `c1…`, existing memories as `m1…` (real
 * ids never leave this table), which memories were offered with which candidate, and which of
 * those nearly duplicate it (their cosine, from the embedder's `duplicateScore` up).
 */
export interface AliasTable {
  candidates: Map<string, Candidate>
  memories: Map<string, Memory>
  offered: Map<string, Set<string>>
  nearDuplicates: Map<string, Map<string, number>>
}
