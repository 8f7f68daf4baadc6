import type { LatencySummary } from './LatencySummary.js'
import { summarizeLatencies } from './summarizeLatencies.js'

export interface MeasureOptions {
  /** Untimed calls first (caches, plans, JIT). */
  warmup: number
  iterations: number
}

export interface Measured<T> {
  latency: LatencySummary
  /** The result of every timed call, in call order. */
  results: T[]
  /** Every timed call's latency (ms), in call order. */
  samples: number[]
}

/**
 * Runs `call(i)` sequentially — `warmup` times untimed, then `iterations` times timed one by one
 * with a monotonic clock — and returns the percentiles plus the timed calls' results (for recall).
 */
export async function measureLatencies<T>(
  call: (i: number) => Promise<T>,
  options: MeasureOptions,
): Promise<Measured<T>> {
  for (let i = 0; i < options.warmup; i++) await call(i)
  const samples: number[] = []
  const results: T[] = []
  for (let i = 0; i < options.iterations; i++) {
    const start = process.hrtime.bigint()
    const result = await call(i)
    samples.push(Number(process.hrtime.bigint() - start) / 1e6)
    results.push(result)
  }
  return { latency: summarizeLatencies(samples), results, samples }
}
