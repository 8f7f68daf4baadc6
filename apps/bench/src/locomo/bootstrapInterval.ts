import { createRng } from '../harness/createRng.js'

/**
 * The mean of `values` and its 95 % percentile-bootstrap confidence interval: `resamples` draws of
 * as many values with replacement (seeded, so a report is reproducible), the 2.5th and 97.5th
 * percentiles of their means.
 */
export function bootstrapInterval(
  values: readonly number[],
  resamples = 2000,
  seed = 20240607,
): { mean: number; low: number; high: number } {
  const n = values.length
  if (n === 0) return { mean: Number.NaN, low: Number.NaN, high: Number.NaN }
  const mean = values.reduce((t, v) => t + v, 0) / n
  const rng = createRng(seed)
  const means = new Float64Array(resamples)
  for (let r = 0; r < resamples; r++) {
    let total = 0
    for (let i = 0; i < n; i++) total += values[rng.int(n)]!
    means[r] = total / n
  }
  means.sort()
  return {
    mean,
    low: means[Math.floor(0.025 * (resamples - 1))]!,
    high: means[Math.ceil(0.975 * (resamples - 1))]!,
  }
}
