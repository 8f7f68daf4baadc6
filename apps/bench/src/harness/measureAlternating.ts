import type { LatencySummary } from './LatencySummary.js'
import { summarizeLatencies } from './summarizeLatencies.js'

/**
 * Times several calls of the same query index side by side: for each i, every call runs once, in
 * an order that rotates with i so none is always first. A machine whose speed drifts over minutes
 * (a shared VM) then slows them alike, and their difference is what the calls cost, not when each
 * ran. `warmup` indices run untimed first. Returns one summary per call, in the calls' order.
 */
export async function measureAlternating(
  calls: ReadonlyArray<(i: number) => Promise<unknown>>,
  options: { warmup: number; iterations: number },
): Promise<LatencySummary[]> {
  const samples = calls.map(() => [] as number[])
  for (let i = 0; i < options.warmup + options.iterations; i++) {
    for (let turn = 0; turn < calls.length; turn++) {
      const c = (i + turn) % calls.length
      const start = process.hrtime.bigint()
      await calls[c]!(i)
      if (i >= options.warmup) samples[c]!.push(Number(process.hrtime.bigint() - start) / 1e6)
    }
  }
  return samples.map(summarizeLatencies)
}
