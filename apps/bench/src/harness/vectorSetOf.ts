import type { VectorSet } from './VectorSet.js'

/** Wraps a row-major buffer as a `VectorSet`. */
export function vectorSetOf(data: Float32Array, dimensions: number): VectorSet {
  if (data.length % dimensions !== 0)
    throw new Error(`buffer length ${data.length} is not a multiple of ${dimensions}`)
  return {
    count: data.length / dimensions,
    dimensions,
    data,
    row: (i) => data.subarray(i * dimensions, (i + 1) * dimensions),
  }
}
