import type { ScoredMemory } from '@agent-memory/core'

/**
 * Whether two rankings of the same query agree: the same length, each rank's score equal within
 * `tolerance` (relative), and the same id at each rank except where the scores tie (two ways of
 * computing the same score may order a tie either way). Returns the first disagreement, or null.
 */
export function sameRanking(
  a: readonly ScoredMemory[],
  b: readonly ScoredMemory[],
  tolerance: number,
): string | null {
  if (a.length !== b.length) return `${a.length} hits against ${b.length}`
  const close = (x: number, y: number) => Math.abs(x - y) <= tolerance * Math.max(1, Math.abs(x), Math.abs(y))
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    if (!close(x.score, y.score)) return `rank ${i + 1}: score ${x.score} against ${y.score}`
    if (x.memory.id === y.memory.id) continue
    const tied = (list: readonly ScoredMemory[]) =>
      (i > 0 && close(list[i - 1]!.score, x.score)) ||
      (i + 1 < list.length && close(list[i + 1]!.score, x.score))
    if (!tied(a) && !tied(b)) return `rank ${i + 1}: ${x.memory.id} against ${y.memory.id}, scores not tied`
  }
  return null
}
