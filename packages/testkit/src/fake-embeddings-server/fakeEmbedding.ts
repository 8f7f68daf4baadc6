import { createHash } from 'node:crypto'

/**
 * The fake server's deterministic embedding of `text`: a unit vector of `dimensions` float32
 * values drawn from a PRNG seeded by SHA-256 of the text. Tests compute it to check that a vector
 * came back for the right input. Returned as float32 so it equals what a client decodes.
 */
export function fakeEmbedding(text: string, dimensions: number): Float32Array {
  const digest = createHash('sha256').update(text, 'utf8').digest()
  let state = digest.readUInt32LE(0)
  const values = new Float64Array(dimensions)
  let squared = 0
  for (let i = 0; i < dimensions; i++) {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    const value = ((t ^ (t >>> 14)) >>> 0) / 2 ** 32 - 0.5
    values[i] = value
    squared += value * value
  }
  const scale = squared === 0 ? 0 : 1 / Math.sqrt(squared)
  const vector = new Float32Array(dimensions)
  for (let i = 0; i < dimensions; i++) vector[i] = values[i]! * scale
  return vector
}
