import { type Measured, type MeasureOptions, measureLatencies } from './measureLatencies.js'
import { summarizeLatencies } from './summarizeLatencies.js'

/**
 * Times each call in passes of its own, twice, the second round in mirrored order (A B … B A):
 * a machine whose speed drifts steadily over minutes then weighs on every call alike, and no call
 * runs between another's queries. That matters when the calls read different data that does not
 * fit the cache together (two indexes beside a small buffer pool): rotated query by query
 * (`measureAlternating`), each would evict the other's pages and be timed at a cold cache no
 * deployment of either has. Each pass warms up on its own. Returns one measurement per call, in
 * the calls' order: the latencies of both passes, the results of the first.
 */
export async function measureMirrored<T>(
  calls: ReadonlyArray<(i: number) => Promise<T>>,
  options: MeasureOptions,
): Promise<Array<Measured<T>>> {
  const passes = calls.map(() => [] as Array<Measured<T>>)
  const order = calls.map((_, c) => c)
  for (const c of [...order, ...order.reverse()]) passes[c]!.push(await measureLatencies(calls[c]!, options))
  return passes.map(([first, second]) => {
    const samples = [...first!.samples, ...second!.samples]
    return { latency: summarizeLatencies(samples), results: first!.results, samples }
  })
}
