import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NamespaceVectorIndex } from './NamespaceVectorIndex.js'
import { compileDotKernel } from './scan/compileDotKernel.js'
import type { DotKernelModule } from './scan/DotKernelModule.js'
import { sharedDotKernel } from './scan/sharedDotKernel.js'

/** The same rows in three indexes: the plain JS scan, and the kernel from the first row on. */
function indexes(dimensions: number, capacity: number) {
  return {
    js: new NamespaceVectorIndex(dimensions, capacity, { kernel: null }),
    kernel: new NamespaceVectorIndex(dimensions, capacity, { kernelFromFloats: 0 }),
    // Starts in JS and moves into the kernel's memory as it grows.
    moving: new NamespaceVectorIndex(dimensions, capacity, { kernelFromFloats: dimensions * 8 }),
  }
}

/** Every ranking (head and rest) of `query` at `depth`, as [id, score] pairs. */
function ranking(index: NamespaceVectorIndex, query: Float32Array, depth: number) {
  const ranked = index.rank(query, depth)
  return {
    head: ranked.head.map((hit) => [hit.id, hit.score]),
    rest: ranked.rest().map((hit) => [hit.id, hit.score]),
  }
}

function expectSameRankings(
  all: ReturnType<typeof indexes>,
  queries: readonly Float32Array[],
  depths: readonly number[],
) {
  for (const query of queries) {
    for (const depth of depths) {
      const expected = ranking(all.js, query, depth)
      // toEqual tells -0 from 0 and compares numbers with Object.is: scores equal to the bit.
      expect(ranking(all.kernel, query, depth)).toEqual(expected)
      expect(ranking(all.moving, query, depth)).toEqual(expected)
      // The head alone, as a search reads it, before any rest().
      expect(all.kernel.rank(query, depth).head).toEqual(all.js.rank(query, depth).head)
    }
  }
}

const f32 = (values: readonly number[]) => Float32Array.from(values)

/** Vectors built to sit within a rounding error of each other, or at the float32 range's edges. */
function adversarial(base: readonly number[], kind: number, scale: number): number[] {
  const next = (x: number) => Math.fround(x + Math.abs(x) * 2 ** -23 + 2 ** -149)
  switch (kind) {
    case 0: // the same direction, scaled by a power of two: an exact tie, decided by id
      return base.map((x) => x * 2)
    case 1: // one component one ulp away
      return base.map((x, i) => (i === 0 ? next(x) : x))
    case 2: // the same components in another order: equal in exact arithmetic, not in floats
      return [...base].reverse()
    case 3: // tiny (subnormal products) or huge (float32 overflow) magnitudes
      return base.map((x) => Math.fround(x * scale))
    default:
      return base.map(() => 0)
  }
}

describe('NamespaceVectorIndex with the WebAssembly kernel', () => {
  it('loads here, and its committed bytes are its source assembled', async () => {
    expect(sharedDotKernel()).toBeInstanceOf(
      (globalThis as unknown as { WebAssembly: { Module: new () => unknown } }).WebAssembly.Module,
    )
    const script = fileURLToPath(new URL('../../../scripts/assemble-dot-kernel.mjs', import.meta.url))
    await expect(promisify(execFile)(process.execPath, [script, '--check'])).resolves.toBeDefined()
  })

  it('falls back to the JS scan where the kernel cannot load', () => {
    expect(compileDotKernel('bm90IHdhc20=')).toBeUndefined()
    // A valid module header with a SIMD body truncated: as a runtime without SIMD would reject it.
    expect(compileDotKernel('AGFzbQEAAAAK')).toBeUndefined()
    // A kernel that cannot be instantiated: the rows stay in JS, and rank as ever.
    const broken = new NamespaceVectorIndex(2, 1, { kernel: {} as DotKernelModule, kernelFromFloats: 0 })
    const js = new NamespaceVectorIndex(2, 1, { kernel: null })
    for (const [i, vector] of [f32([1, 2]), f32([2, 1]), f32([0, 0]), f32([-1, 3])].entries()) {
      broken.put(`r${i}`, vector)
      js.put(`r${i}`, vector)
    }
    expect(ranking(broken, f32([1, 1]), 2)).toEqual(ranking(js, f32([1, 1]), 2))
    expect(ranking(broken, f32([1, 1]), 2).head.map(([id]) => id)).toEqual(['r0', 'r1'])
  })

  it('ranks exactly as the JS scan, ids and scores, over random vectors and adversarial near-ties', () => {
    const component = fc.float({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true })
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }).chain((dimensions) =>
          fc.record({
            dimensions: fc.constant(dimensions),
            bases: fc.array(fc.array(component, { minLength: dimensions, maxLength: dimensions }), {
              minLength: 1,
              maxLength: 12,
            }),
            rows: fc.array(
              fc.record({
                base: fc.nat(),
                kind: fc.integer({ min: 0, max: 5 }),
                scale: fc.constantFrom(1, 1e-20, 1e-40, 1e18, 1e19),
                id: fc.integer({ min: 0, max: 300 }),
                remove: fc.boolean(),
              }),
              { maxLength: 200 },
            ),
            queries: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
            depths: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 3 }),
          }),
        ),
        ({ dimensions, bases, rows, queries, depths }) => {
          const all = indexes(dimensions, 1)
          for (const row of rows) {
            const base = bases[row.base % bases.length]!
            // kind 5 keeps the base itself: the vectors the others are near.
            const vector = f32(row.kind === 5 ? base : adversarial(base, row.kind, row.scale))
            for (const index of Object.values(all)) index.put(`r${row.id}`, vector)
            if (row.remove && row.id % 7 === 0)
              for (const index of Object.values(all)) index.remove(`r${row.id}`)
          }
          const asked = queries.map((at) => f32(bases[at % bases.length]!))
          expectSameRankings(all, asked, depths)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('ranks exactly as the JS scan over real-ish embeddings at 1,536 dimensions', async () => {
    const embedder = createHashingEmbedder({ dimensions: 1536 })
    const topics = ['coffee', 'the train to Lyon', 'a dentist appointment', 'Python tests', 'the garden']
    const texts = Array.from(
      { length: 600 },
      (_, i) =>
        `note ${i % 37}: ${topics[i % topics.length]} and ${topics[(i * 7) % topics.length]} on day ${i % 11}`,
    )
    const vectors = await embedder.embed(texts)
    const all = indexes(1536, 16)
    for (const [i, vector] of vectors.entries()) {
      for (const index of Object.values(all)) index.put(`m${i}`, Float32Array.from(vector))
    }
    // Duplicates of the texts: exact ties across ids.
    for (const [i, vector] of vectors.slice(0, 50).entries()) {
      for (const index of Object.values(all)) index.put(`dup${i}`, Float32Array.from(vector))
    }
    const queries = await embedder.embed(['coffee on day 3', 'the train', 'note 5: the garden'])
    expectSameRankings(
      all,
      queries.map((query) => Float32Array.from(query)),
      [1, 10, 26, 200],
    )
  })
})
