/** A seeded pseudo-random source: the same seed always yields the same sequence. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [0, n). */
  int(n: number): number
  /** Standard normal (mean 0, variance 1). */
  normal(): number
}

/**
 * mulberry32 with a Box–Muller normal. Not cryptographic; chosen because it is tiny, fast and
 * identical on every platform, so benchmark data is reproducible from its seed alone.
 */
export function createRng(seed: number): Rng {
  let state = seed >>> 0
  let spare: number | null = null
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n) => Math.floor(next() * n),
    normal: () => {
      if (spare !== null) {
        const value = spare
        spare = null
        return value
      }
      let u = 0
      while (u === 0) u = next()
      const v = next()
      const radius = Math.sqrt(-2 * Math.log(u))
      spare = radius * Math.sin(2 * Math.PI * v)
      return radius * Math.cos(2 * Math.PI * v)
    },
  }
}
