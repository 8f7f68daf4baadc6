/**
 * Confidence after one more independent observation of a fact: a logistic step, one `step` added
 * in log-odds, `σ(logit(c) + step)`. It rises fast from the middle, slowly near the ends, and
 * never reaches 1 (0.4 → 0.52 → 0.64 → 0.75 with the default step 0.5). Null (untracked) stays null.
 */
export function reobservedConfidence(confidence: number | null, step: number): number | null {
  if (confidence === null) return null
  const c = Math.min(1 - 1e-9, Math.max(1e-9, confidence))
  const next = 1 / (1 + Math.exp(-(Math.log(c / (1 - c)) + step)))
  return Math.min(1, Math.max(0, next))
}
