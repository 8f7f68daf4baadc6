/** How long reading W6's vectors takes at the machine's memory bandwidth, and nothing else. */
export interface MemoryFloor {
  rows: number
  dimensions: number
  /** One pass over `rows × dimensions` float32s (4 bytes each), p50 and best of the passes, ms. */
  float32Ms: number
  float32BestMs: number
  /** The same element count as int8s (a quantized copy's size), ms. */
  int8Ms: number
  int8BestMs: number
  /** Bytes per second of the float32 pass at its p50, in GB/s. */
  gigabytesPerSecond: number
}
