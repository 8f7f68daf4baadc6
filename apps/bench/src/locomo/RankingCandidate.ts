import type { MemoryServiceOptions } from '@agent-memory/core'

/** A ranking setting the evaluation compares: a recall mode and the service options that differ. */
export interface RankingCandidate {
  label: string
  mode: 'keyword' | 'vector' | 'hybrid'
  options: MemoryServiceOptions
}
