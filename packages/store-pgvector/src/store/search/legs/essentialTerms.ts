/**
 * MaxScore's cut: how many of the terms (best bound first) a document must hold one of to possibly
 * score at least `threshold`. A document holding none of the first `n` terms scores at most the
 * sum of the other terms' bounds, so once that sum is below the threshold it cannot reach it.
 */
export function essentialTerms(boundsDescending: readonly number[], threshold: number): number {
  let rest = boundsDescending.reduce((sum, bound) => sum + bound, 0)
  let n = 0
  while (n < boundsDescending.length && rest >= threshold) {
    rest -= boundsDescending[n]!
    n++
  }
  return n
}
