/** A score as the inspector prints it: three decimals, or a dash when the leg did not return the memory. */
export function formatScore(score: number | undefined): string {
  return score === undefined ? '—' : score.toFixed(3)
}
