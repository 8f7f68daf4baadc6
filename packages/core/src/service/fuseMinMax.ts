import type { RankedLeg } from './fuseReciprocalRank.js'

/**
 * Min-max (convex score) fusion: each leg's scores rescaled to [0, 1] (all equal → 1), then
 * Σ weight × normalised score; an id missing from a leg gets 0 from it. Weights are normalised to
 * sum to 1 over the legs given, so the result is in [0, 1].
 */
export function fuseMinMax(legs: ReadonlyArray<{ leg: RankedLeg; weight: number }>): Map<string, number> {
  const fused = new Map<string, number>()
  const totalWeight = legs.reduce((sum, { weight }) => sum + weight, 0)
  if (totalWeight <= 0) return fused
  for (const { leg, weight } of legs) {
    if (leg.length === 0) continue
    let min = Infinity
    let max = -Infinity
    for (const hit of leg) {
      min = Math.min(min, hit.score)
      max = Math.max(max, hit.score)
    }
    for (const hit of leg) {
      const normalised = max === min ? 1 : (hit.score - min) / (max - min)
      fused.set(hit.id, (fused.get(hit.id) ?? 0) + (weight / totalWeight) * normalised)
    }
  }
  return fused
}
