import type { Tier } from '../model/Tier.js'

/** How tracked confidence fades without re-observation (see `decayedConfidence`). */
export interface ConfidenceDecay {
  /** Time without observation after which a tier's confidence has lost half its height above `floor`. */
  readonly halfLifeMs: Readonly<Record<Tier, number>>
  /** The value confidence approaches and never falls below. */
  readonly floor: number
}
