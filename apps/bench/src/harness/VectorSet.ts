/** `count` vectors of `dimensions` floats, stored row-major in one buffer. */
export interface VectorSet {
  readonly count: number
  readonly dimensions: number
  readonly data: Float32Array
  /** A view (no copy) of row `i`. */
  row(i: number): Float32Array
}
