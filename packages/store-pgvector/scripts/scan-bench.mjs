#!/usr/bin/env node
// The in-process exact vector scan, with and without the WebAssembly kernel, beside the memory
// floor (a read of one float per cache line of the same bytes), taken in turns in one process so
// a shared machine's load slows them alike. Answers are checked equal (ids and scores) each round.
// Usage (after `npx tsc -p tsconfig.build.json` in this package): node scripts/scan-bench.mjs
// Sizes: SCAN_ROWS (10000), SCAN_DIMS (1536), SCAN_ROUNDS (30), SCAN_DEPTHS ("26,120": a limit of 10 and of 60).
import { NamespaceVectorIndex } from '../dist/store/vectors/NamespaceVectorIndex.js'

const env = (name, fallback) => process.env[name] ?? fallback
const ROWS = Number(env('SCAN_ROWS', 10_000))
const DIMS = Number(env('SCAN_DIMS', 1536))
const ROUNDS = Number(env('SCAN_ROUNDS', 30))
const DEPTHS = env('SCAN_DEPTHS', '26,120').split(',').map(Number)

let seed = 12345
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const gaussian = () => Math.sqrt(-2 * Math.log(Math.max(random(), 1e-12))) * Math.cos(2 * Math.PI * random())
// Clustered unit vectors, as embeddings are: 200 centres, each row a centre plus noise.
const centres = Array.from({ length: 200 }, () => Float32Array.from({ length: DIMS }, gaussian))
const row = () => {
  const centre = centres[Math.floor(random() * centres.length)]
  const v = Float32Array.from(centre, (x) => x + 0.8 * gaussian())
  const norm = Math.hypot(...v)
  return v.map((x) => x / norm)
}
const js = new NamespaceVectorIndex(DIMS, ROWS, { kernel: null })
const kernel = new NamespaceVectorIndex(DIMS, ROWS)
for (let i = 0; i < ROWS; i++) {
  const v = row()
  js.put(`m${i}`, v)
  kernel.put(`m${i}`, v)
}
const queries = Array.from({ length: ROUNDS }, row)
const floorBytes = new Float32Array(ROWS * DIMS).map((_, i) => (i % 251) / 251)
const floor = () => {
  let sum = 0
  for (let i = 0; i < floorBytes.length; i += 16) sum += floorBytes[i]
  return sum
}
const time = (call) => {
  const start = process.hrtime.bigint()
  const result = call()
  return [Number(process.hrtime.bigint() - start) / 1e6, result]
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const samples = { floor: [] }
for (const depth of DEPTHS) {
  samples[`js ${depth}`] = []
  samples[`kernel ${depth}`] = []
}
for (let round = 0; round < ROUNDS + 3; round++) {
  const query = queries[round % queries.length]
  const turns = [['floor', floor]]
  for (const depth of DEPTHS) {
    turns.push([`js ${depth}`, () => js.rank(query, depth).head])
    turns.push([`kernel ${depth}`, () => kernel.rank(query, depth).head])
  }
  const heads = {}
  for (let turn = 0; turn < turns.length; turn++) {
    const [name, call] = turns[(round + turn) % turns.length]
    const [ms, result] = time(call)
    heads[name] = result
    if (round >= 3) samples[name].push(ms)
  }
  for (const depth of DEPTHS) {
    if (JSON.stringify(heads[`js ${depth}`]) !== JSON.stringify(heads[`kernel ${depth}`]))
      throw new Error(`round ${round}: the kernel's answer differs at depth ${depth}`)
  }
}
const floorMs = median(samples.floor)
console.log(`${ROWS} × ${DIMS}, ${ROUNDS} rounds in turns; answers equal every round`)
console.log(`floor (one float per cache line): p50 ${floorMs.toFixed(2)} ms`)
for (const depth of DEPTHS) {
  const jsMs = median(samples[`js ${depth}`])
  const kernelMs = median(samples[`kernel ${depth}`])
  console.log(
    `depth ${depth}: JS p50 ${jsMs.toFixed(2)} ms (${(jsMs / floorMs).toFixed(1)}× floor), kernel p50 ${kernelMs.toFixed(2)} ms (${(kernelMs / floorMs).toFixed(1)}× floor), JS ÷ kernel ${(jsMs / kernelMs).toFixed(2)}`,
  )
}
