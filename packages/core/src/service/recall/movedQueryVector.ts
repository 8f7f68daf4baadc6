/** `vector` scaled to unit length (a zero vector stays zero). */
function unit(vector: Float32Array): Float32Array {
  let squares = 0
  for (const value of vector) squares += value * value
  const norm = Math.sqrt(squares)
  return norm > 0 ? vector.map((value) => value / norm) : Float32Array.from(vector)
}

/**
 * Rocchio's moved query: the query's unit vector plus `weight` × the mean of the feedback vectors'
 * unit vectors. Each is made unit length first so that the weight means the same for every model.
 */
export function movedQueryVector(
  query: Float32Array,
  feedback: readonly Float32Array[],
  weight: number,
): Float32Array {
  const moved = unit(query)
  for (const vector of feedback) {
    const direction = unit(vector)
    for (let i = 0; i < moved.length; i++) moved[i]! += (weight * direction[i]!) / feedback.length
  }
  return moved
}
