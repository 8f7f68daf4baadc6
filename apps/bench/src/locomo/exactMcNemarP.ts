/**
 * Exact McNemar test: the two-sided binomial (sign) test p-value for `onlyA` successes out of the
 * `onlyA + onlyB` discordant pairs — whether two rankings' difference on the same questions is more
 * than noise.
 */
export function exactMcNemarP(onlyA: number, onlyB: number): number {
  const n = onlyA + onlyB
  if (n === 0) return 1
  let tail = 0
  let coefficient = 1
  for (let i = 0; i <= Math.min(onlyA, onlyB); i++) {
    if (i > 0) coefficient = (coefficient * (n - i + 1)) / i
    tail += coefficient
  }
  return Math.min(1, (2 * tail) / 2 ** n)
}
