/** Deterministic PRNG (mulberry32): the contract suite's data is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A unit vector along `axis` plus a little of `mix` along axis+1: known cosines for ranking tests. */
export function axisVector(dimensions: number, axis: number, mix = 0): Float32Array<ArrayBuffer> {
  const vector = new Float32Array(dimensions)
  vector[axis % dimensions] = 1
  vector[(axis + 1) % dimensions] = mix
  return normalize(vector)
}

export function normalize(vector: Float32Array): Float32Array<ArrayBuffer> {
  let norm = 0
  for (const value of vector) norm += value * value
  norm = Math.sqrt(norm)
  return vector.map((value) => (norm === 0 ? value : value / norm))
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!
    na += a[i]! * a[i]!
    nb += b[i]! * b[i]!
  }
  return dot / Math.sqrt(na * nb)
}

/** Clustered random unit vectors (Gaussian-ish noise around a few centres), like real embeddings. */
export function clusteredVectors(
  count: number,
  dimensions: number,
  random: () => number,
  centres = 50,
): Float32Array<ArrayBuffer>[] {
  const gaussian = () => {
    const u = Math.max(random(), 1e-12)
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
  }
  const centreVectors = Array.from({ length: centres }, () =>
    normalize(Float32Array.from({ length: dimensions }, gaussian)),
  )
  return Array.from({ length: count }, () => {
    const centre = centreVectors[Math.floor(random() * centres)]!
    return normalize(
      Float32Array.from(centre, (value) => value + ((0.35 * gaussian()) / Math.sqrt(dimensions)) * 4),
    )
  })
}
