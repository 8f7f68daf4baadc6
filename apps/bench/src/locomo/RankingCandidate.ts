import type { MemoryServiceOptions } from '@agent-memory/core'
import type { VectorLegVariant } from './VectorLegVariant.js'

/** A ranking setting the evaluation compares: a recall mode and the service options that differ. */
export interface RankingCandidate {
  label: string
  mode: 'keyword' | 'vector' | 'hybrid'
  options: MemoryServiceOptions
  /**
   * Another grid setting's label this one is also compared with, paired, in the sweep's log (a
   * keyword-only ranking with the same non-vector steps, when those differ from the defaults).
   */
  baseline?: string
  /** The vector legs measured another way (`vectorLegVariantStore`); the store's own cosines when absent. */
  vectorLeg?: VectorLegVariant
}
