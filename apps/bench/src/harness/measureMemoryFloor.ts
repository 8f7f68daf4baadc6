import type { MemoryFloor } from './MemoryFloor.js'
import { percentile } from './percentile.js'

const ROWS = 10_000
const DIMENSIONS = 1536
/** Elements per 64-byte cache line, by element size. */
const LINE = 64

let measured: MemoryFloor | undefined

/**
 * The memory-bandwidth floor of a scan of W6's size (10k × 1,536): a tight JS loop that reads one
 * element per cache line of a `Float32Array` and of an `Int8Array` of that many elements, so every
 * line comes in from memory and almost no arithmetic is done. No search over those bytes can be
 * faster; a search row's "× the floor" is its p50 over the float32 pass. Measured once per process
 * (the two arrays take 77 MB), 25 passes after 3 unmeasured ones.
 */
export function measureMemoryFloor(): MemoryFloor {
  if (measured !== undefined) return measured
  const floats = new Float32Array(ROWS * DIMENSIONS)
  const bytes = new Int8Array(ROWS * DIMENSIONS)
  // Written, so every page is backed by memory of its own (untouched pages all map one zero page).
  for (let i = 0; i < floats.length; i++) {
    floats[i] = (i % 251) / 251
    bytes[i] = (i % 251) - 125
  }
  const pass = (array: Float32Array | Int8Array, stride: number) => {
    const start = process.hrtime.bigint()
    let sum = 0
    for (let i = 0; i < array.length; i += stride) sum += array[i]!
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    // The sum is used, so the loop cannot be dropped.
    if (sum === Number.POSITIVE_INFINITY) throw new Error('unreachable')
    return ms
  }
  const floatMs: number[] = []
  const byteMs: number[] = []
  for (let round = 0; round < 28; round++) {
    const f = pass(floats, LINE / 4)
    const b = pass(bytes, LINE)
    if (round < 3) continue
    floatMs.push(f)
    byteMs.push(b)
  }
  floatMs.sort((a, b) => a - b)
  byteMs.sort((a, b) => a - b)
  const float32Ms = percentile(floatMs, 50)
  measured = {
    rows: ROWS,
    dimensions: DIMENSIONS,
    float32Ms,
    float32BestMs: floatMs[0]!,
    int8Ms: percentile(byteMs, 50),
    int8BestMs: byteMs[0]!,
    gigabytesPerSecond: floats.byteLength / (float32Ms / 1000) / 1e9,
  }
  return measured
}
