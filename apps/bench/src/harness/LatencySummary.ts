/** Milliseconds. */
export interface LatencySummary {
  n: number
  mean: number
  p50: number
  p95: number
  p99: number
  max: number
}
