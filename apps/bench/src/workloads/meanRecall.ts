import { recallAtK } from '../harness/recallAtK.js'

/** Mean recall@k of result lists against truth lists (same order). */
export function meanRecall(found: readonly number[][], truth: readonly number[][], k: number): number {
  if (found.length === 0) return Number.NaN
  let sum = 0
  for (let i = 0; i < found.length; i++) sum += recallAtK(found[i]!, truth[i]!, k)
  return sum / found.length
}
