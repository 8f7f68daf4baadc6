import type { Memory } from '../model/Memory.js'
import type { ConfidenceDecay } from './ConfidenceDecay.js'
import { DEFAULT_CONFIDENCE_DECAY } from './DEFAULT_CONFIDENCE_DECAY.js'

/**
 * A memory's confidence now: the stored value (its height at the last observation) decays
 * exponentially towards the floor with the time since the fact was last observed, `observedAt`
 * or else `createdAt`:
 *
 *   c(t) = floor + (c₀ − floor) × 0.5 ^ (t / halfLife(tier))     for c₀ > floor, else c₀
 *
 * Computed at read time, so nothing is written as time passes. Null (untracked, fully trusted)
 * stays null; a value already at or below the floor stays where it is; a half-life that is not
 * a positive finite number turns decay off for the tier; a date in the future counts as now.
 */
export function decayedConfidence(
  memory: Pick<Memory, 'tier' | 'confidence' | 'createdAt' | 'observedAt'>,
  now: Date,
  decay: ConfidenceDecay = DEFAULT_CONFIDENCE_DECAY,
): number | null {
  const stored = memory.confidence
  if (stored === null) return null
  if (stored <= decay.floor) return stored
  const halfLife = decay.halfLifeMs[memory.tier]
  if (!(Number.isFinite(halfLife) && halfLife > 0)) return stored
  const observed = (memory.observedAt ?? memory.createdAt).getTime()
  const elapsed = Math.max(0, now.getTime() - observed)
  if (!Number.isFinite(elapsed)) return stored
  return decay.floor + (stored - decay.floor) * 0.5 ** (elapsed / halfLife)
}
