import { createRng } from './createRng.js'
import type { VectorSet } from './VectorSet.js'
import { vectorSetOf } from './vectorSetOf.js'

export interface ClusteredVectorOptions {
  count: number
  dimensions: number
  /** Number of Gaussian centres (default 1000, as in the measured anchors). */
  clusters?: number
  /** Per-dimension noise around a centre whose components are N(0, 1) (default 0.8). */
  sigma?: number
  /** Seed of the centres: data and queries drawn with the same centre seed share clusters. */
  centreSeed: number
  /** Seed of the points themselves. */
  seed: number
}

/**
 * Clustered, L2-normalised synthetic vectors (the shape of research/perf-anchors.md §6): random
 * Gaussian centres, each point a centre plus Gaussian noise, normalised to unit length so cosine
 * similarity is the dot product. Deterministic from the two seeds.
 */
export function generateClusteredVectors(options: ClusteredVectorOptions): VectorSet {
  const { count, dimensions } = options
  const clusters = options.clusters ?? 1000
  const sigma = options.sigma ?? 0.8
  const centreRng = createRng(options.centreSeed)
  const centres = new Float32Array(clusters * dimensions)
  for (let i = 0; i < centres.length; i++) centres[i] = centreRng.normal()
  const rng = createRng(options.seed)
  const data = new Float32Array(count * dimensions)
  for (let row = 0; row < count; row++) {
    const centre = rng.int(clusters) * dimensions
    const offset = row * dimensions
    let squared = 0
    for (let d = 0; d < dimensions; d++) {
      const value = centres[centre + d]! + sigma * rng.normal()
      data[offset + d] = value
      squared += value * value
    }
    const scale = 1 / Math.sqrt(squared)
    for (let d = 0; d < dimensions; d++) data[offset + d]! *= scale
  }
  return vectorSetOf(data, dimensions)
}
