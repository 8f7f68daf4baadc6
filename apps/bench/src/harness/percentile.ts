/**
 * Nearest-rank percentile of an ascending-sorted sample: the smallest value with at least `p`%
 * of the sample at or below it. `p` in (0, 100].
 */
export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return Number.NaN
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`)
  const rank = Math.ceil((p / 100) * sortedAscending.length)
  return sortedAscending[Math.min(rank, sortedAscending.length) - 1]!
}
