import type { Memory } from '../model/Memory.js'
import type { ConfidenceDecay } from './ConfidenceDecay.js'
import { decayedConfidence } from './decayedConfidence.js'
import type { RankingOptions } from './MemoryServiceOptions.js'

const DAY_MS = 86_400_000

/**
 * The bounded multiplier recall applies to a hit's fused relevance: relevance decides, quality
 * only reorders hits of similar relevance.
 *
 *   importance = assessedImportance ?? importance                        ∈ [0, 1]
 *   recency    = 0.5 ^ (max(0, now − lastAccessedAt) / recencyHalfLifeMs) ∈ (0, 1]
 *   confidence = decayedConfidence(memory, now) ?? 1 (null: untracked, fully trusted) ∈ [0, 1]
 *   quality    = weighted mean of the three (weights default 1 each)     ∈ [0, 1]
 *   modifier   = 1 + maxAdjustment × (2 × quality − 1)                   ∈ [1 − m, 1 + m]
 *
 * With the default m = 0.1 a hit can overtake another only when that one's relevance is less
 * than (1 + m) / (1 − m) ≈ 1.22 times its own.
 *
 * `memory` is as stored: its confidence is decayed here, with `options.confidenceDecay` (the
 * service passes its own settings; `DEFAULT_CONFIDENCE_DECAY` otherwise).
 */
export function rankingModifier(
  memory: Memory,
  now: Date,
  options: RankingOptions & { confidenceDecay?: ConfidenceDecay } = {},
): number {
  const maxAdjustment = options.maxAdjustment ?? 0.1
  const halfLife = options.recencyHalfLifeMs ?? 30 * DAY_MS
  const weights = [options.importanceWeight ?? 1, options.recencyWeight ?? 1, options.confidenceWeight ?? 1]
  const importance = memory.assessedImportance ?? memory.importance
  const ageMs = Math.max(0, now.getTime() - memory.lastAccessedAt.getTime())
  const recency = halfLife > 0 ? 0.5 ** (ageMs / halfLife) : 1
  const confidence = decayedConfidence(memory, now, options.confidenceDecay) ?? 1
  const values = [importance, recency, confidence]
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0)
  if (totalWeight <= 0 || maxAdjustment <= 0) return 1
  const quality = values.reduce((sum, value, i) => sum + weights[i]! * clampUnit(value), 0) / totalWeight
  return 1 + maxAdjustment * (2 * quality - 1)
}

function clampUnit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0
}
