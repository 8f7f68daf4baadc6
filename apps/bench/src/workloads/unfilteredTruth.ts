import { exactTopK } from '../harness/exactTopK.js'
import type { BenchContext } from './BenchContext.js'

const cache = new WeakMap<BenchContext, number[][]>()

/** Exact top-k row indexes of every query over all `size` rows (computed once per run). */
export function unfilteredTruth(ctx: BenchContext): number[][] {
  let truth = cache.get(ctx)
  if (!truth) {
    const started = Date.now()
    truth = []
    for (let q = 0; q < ctx.queryVectors.count; q++)
      truth.push(exactTopK(ctx.data, ctx.queryVectors.row(q), ctx.k))
    ctx.log(
      `ground truth: ${ctx.queryVectors.count} exact top-${ctx.k} scans over ${ctx.data.count} rows in ${Date.now() - started} ms`,
    )
    cache.set(ctx, truth)
  }
  return truth
}
