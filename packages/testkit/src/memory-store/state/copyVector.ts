export function copyVector(vector: Float32Array): Float32Array {
  return new Float32Array(vector)
}
