/**
 * Accepted vector norms. Cosine ignores the norm, so unnormalised models (norms of 5 to 50) are
 * fine; a norm this far from 1 means a broken answer, and at the extremes float32 arithmetic
 * underflows or overflows into the NaN a zero vector gives.
 */
const VECTOR_NORM_RANGE = { min: 1e-4, max: 1e4 } as const

/**
 * Why a vector cannot be stored or searched with, or undefined when it can. A zero vector has no
 * cosine: stored, its NaN distance scrambled the ranking of its whole namespace.
 */
export function describeUnusableVector(vector: Float32Array): string | undefined {
  let squares = 0
  for (let i = 0; i < vector.length; i++) squares += vector[i]! * vector[i]!
  // Float32 squares cannot overflow a double: only a NaN or an infinity makes the sum non-finite,
  // so the loop above needs no branch and the scan for the culprit runs only when there is one.
  if (!Number.isFinite(squares)) {
    const i = vector.findIndex((value) => !Number.isFinite(value))
    return `a non-finite value (${vector[i]}) at position ${i}`
  }
  if (squares === 0) return 'all zeros (a zero vector has no direction, so no cosine)'
  const norm = Math.sqrt(squares)
  if (norm < VECTOR_NORM_RANGE.min || norm > VECTOR_NORM_RANGE.max) {
    return `norm ${norm.toExponential(2)}, outside ${VECTOR_NORM_RANGE.min} to ${VECTOR_NORM_RANGE.max}`
  }
  return undefined
}
