import type { VectorSet } from './VectorSet.js'

/**
 * The exact top-k of `query` among the rows of `set` (or among `candidates` only, for a
 * filtered ground truth) by dot product, best first, ties by row index. With unit vectors the
 * dot product is the cosine similarity, so this is the answer an exact scan must return.
 */
export function exactTopK(
  set: VectorSet,
  query: Float32Array,
  k: number,
  candidates?: ArrayLike<number>,
): number[] {
  const dims = set.dimensions
  const data = set.data
  const bestIndex: number[] = []
  const bestScore: number[] = []
  const consider = (row: number) => {
    const offset = row * dims
    let score = 0
    for (let d = 0; d < dims; d++) score += data[offset + d]! * query[d]!
    if (bestIndex.length === k && score <= bestScore[k - 1]!) return
    let at = bestIndex.length
    while (
      at > 0 &&
      (bestScore[at - 1]! < score || (bestScore[at - 1] === score && bestIndex[at - 1]! > row))
    )
      at--
    bestIndex.splice(at, 0, row)
    bestScore.splice(at, 0, score)
    if (bestIndex.length > k) {
      bestIndex.pop()
      bestScore.pop()
    }
  }
  if (candidates) for (let i = 0; i < candidates.length; i++) consider(candidates[i]!)
  else for (let row = 0; row < set.count; row++) consider(row)
  return bestIndex
}
