/** One leg's hits, best first. */
export type RankedLeg = ReadonlyArray<{ id: string; score: number }>

/**
 * Reciprocal-rank fusion: each id gets Σ over legs of 1 / (k + rank), divided by the best
 * possible total (every leg ranking it first), so the result is in (0, 1]. Ranks are competition
 * ranks (hits with equal scores share one: 1, 2, 2, 4), so a tie the store broke by id stays a
 * tie. Scores count only through the order, which is why RRF needs no calibration between legs.
 */
export function fuseReciprocalRank(legs: readonly RankedLeg[], k = 60): Map<string, number> {
  const fused = new Map<string, number>()
  if (legs.length === 0) return fused
  const best = legs.length / (k + 1)
  for (const leg of legs) {
    let rank = 0
    leg.forEach((hit, index) => {
      if (index === 0 || hit.score !== leg[index - 1]!.score) rank = index + 1
      fused.set(hit.id, (fused.get(hit.id) ?? 0) + 1 / (k + rank) / best)
    })
  }
  return fused
}
