import type { RankedDocument } from '../keyword/RankedDocument.js'
import type { RankedDocuments } from '../keyword/RankedDocuments.js'
import type { NamespaceVectorIndexOptions } from './NamespaceVectorIndexOptions.js'
import type { DotKernelModule } from './scan/DotKernelModule.js'
import { KernelRows } from './scan/KernelRows.js'
import { sharedDotKernel } from './scan/sharedDotKernel.js'

/** Float32 unit roundoff. */
const U32 = 2 ** -24
/** The largest absolute error of one float32 product that underflows (half the least subnormal). */
const UNDERFLOW = 2 ** -149

const clamp = (cosine: number) => Math.max(-1, Math.min(1, cosine))

/**
 * One namespace's memory vectors, held in one contiguous `Float32Array` (a row per slot) with
 * each row's inverse norm, for an exact cosine scan in process. Every row with an embedding is
 * held, live or not: like the keyword index, filters are applied afterwards, in SQL.
 *
 * The scan (`rank`) is exact: the scores are the float64 sums of the JS scan, bit for bit. Where
 * the WebAssembly kernel is available, the rows live in its memory and every row is first scored in
 * float32 SIMD (about half the instructions per byte of the exact kernel), whose error is bounded;
 * only the rows that bound cannot rule out of the best `depth` are scored exactly.
 */
export class NamespaceVectorIndex {
  readonly #dimensions: number
  readonly #slots = new Map<string, number>()
  readonly #kernel: DotKernelModule | undefined
  readonly #kernelFromFloats: number
  #rows: KernelRows | undefined
  #ids: Array<string | undefined> = []
  #data: Float32Array
  /** 1 / ‖row‖, or NaN for a zero vector (no direction: it never ranks, as in SQL). */
  #inverseNorms: Float64Array
  readonly #free: number[] = []

  constructor(dimensions: number, capacity = 256, options: NamespaceVectorIndexOptions = {}) {
    this.#dimensions = dimensions
    this.#kernel = options.kernel === null ? undefined : (options.kernel ?? sharedDotKernel())
    this.#kernelFromFloats = options.kernelFromFloats ?? 65_536
    this.#data = this.#allocate(capacity)
    this.#inverseNorms = new Float64Array(capacity)
  }

  get size(): number {
    return this.#slots.size
  }

  /** Adds or replaces a row's vector. */
  put(id: string, vector: Float32Array): void {
    let slot = this.#slots.get(id)
    if (slot === undefined) {
      slot = this.#free.pop() ?? this.#ids.length
      if (slot >= this.#inverseNorms.length) this.#grow()
      this.#slots.set(id, slot)
      this.#ids[slot] = id
    }
    this.#data.set(vector, slot * this.#dimensions)
    let squares = 0
    for (let i = 0; i < vector.length; i++) squares += vector[i]! * vector[i]!
    this.#inverseNorms[slot] = squares > 0 ? 1 / Math.sqrt(squares) : Number.NaN
  }

  remove(id: string): void {
    const slot = this.#slots.get(id)
    if (slot === undefined) return
    this.#slots.delete(id)
    this.#ids[slot] = undefined
    this.#inverseNorms[slot] = Number.NaN
    this.#free.push(slot)
  }

  /**
   * Every held row by cosine similarity to `query`, best first (ties by id): the best `depth`
   * sorted now, the rest on demand. Zero vectors (stored or queried) are left out.
   */
  rank(query: Float32Array, depth: number): RankedDocuments {
    let squares = 0
    for (let i = 0; i < query.length; i++) squares += query[i]! * query[i]!
    if (!(squares > 0)) return { head: [], rest: () => [] }
    const queryInverse = 1 / Math.sqrt(squares)
    const ids = this.#ids
    const count = ids.length
    // Exact scores by slot, NaN where nothing is held or (bounded out) not scored yet: no object
    // per row, so a search of ten thousand rows leaves the garbage collector nothing to do.
    const scores = new Float64Array(count)
    const rows = this.#rows
    let complete = true
    if (rows === undefined) this.#scoreInJs(query, queryInverse, scores)
    else {
      rows.setQuery(query)
      if (count <= 4 * depth) this.#scoreExactly(rows, queryInverse, scores)
      else complete = this.#scoreBounded(rows, queryInverse, scores, depth)
    }
    const better = (a: number, b: number) =>
      scores[a]! > scores[b]! || (scores[a] === scores[b] && ids[a]! < ids[b]!)
    const head: number[] = []
    for (let slot = 0; slot < count; slot++) {
      if (Number.isNaN(scores[slot]!)) continue
      if (head.length === depth && !better(slot, head[depth - 1]!)) continue
      let at = head.length === depth ? depth - 1 : head.length
      if (head.length === depth) head.pop()
      while (at > 0 && better(slot, head[at - 1]!)) at--
      head.splice(at, 0, slot)
    }
    const toDocument = (slot: number): RankedDocument => ({ id: ids[slot]!, score: scores[slot]! })
    return {
      head: head.map(toDocument),
      rest: () => {
        // Nothing is put or removed between a rank and its rest: both run in one search.
        if (!complete && rows !== undefined) {
          rows.setQuery(query)
          this.#scoreExactly(rows, queryInverse, scores)
        }
        const inHead = new Set(head)
        const others: number[] = []
        for (let slot = 0; slot < count; slot++) {
          if (!Number.isNaN(scores[slot]!) && !inHead.has(slot)) others.push(slot)
        }
        return others.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0)).map(toDocument)
      },
    }
  }

  /** Every held row's exact score, in plain JS. */
  #scoreInJs(query: Float32Array, queryInverse: number, scores: Float64Array): void {
    const d = this.#dimensions
    const data = this.#data
    const inverseNorms = this.#inverseNorms
    for (let slot = 0; slot < scores.length; slot++) {
      const inverse = inverseNorms[slot]!
      if (Number.isNaN(inverse)) {
        scores[slot] = Number.NaN
        continue
      }
      // Four accumulators: independent additions the CPU can overlap. The kernel's exact sums
      // are these, in this order.
      const base = slot * d
      let a = 0
      let b = 0
      let c = 0
      let e = 0
      let i = 0
      for (; i + 3 < d; i += 4) {
        a += data[base + i]! * query[i]!
        b += data[base + i + 1]! * query[i + 1]!
        c += data[base + i + 2]! * query[i + 2]!
        e += data[base + i + 3]! * query[i + 3]!
      }
      for (; i < d; i++) a += data[base + i]! * query[i]!
      // pgvector clamps the cosine to [-1, 1] too.
      scores[slot] = clamp((a + b + c + e) * inverse * queryInverse)
    }
  }

  /** Every held row's exact score, through the kernel. */
  #scoreExactly(rows: KernelRows, queryInverse: number, scores: Float64Array): void {
    const dots = rows.dotsExact(0, scores.length)
    const inverseNorms = this.#inverseNorms
    for (let slot = 0; slot < scores.length; slot++) {
      const inverse = inverseNorms[slot]!
      scores[slot] = Number.isNaN(inverse) ? Number.NaN : clamp(dots[slot]! * inverse * queryInverse)
    }
  }

  /**
   * Exact scores for every row that may be among the best `depth`, NaN for the others; whether
   * every held row was scored. Each row's float32 cosine is within `error` of its exact one: a sum
   * of n float32 products, each rounded once and added in a chain of at most m additions, is off
   * by at most γ(m + 1) = (m + 1)u / (1 − (m + 1)u) times Σ|xᵢyᵢ| ≤ ‖x‖‖y‖ (Higham, Accuracy and
   * Stability of Numerical Algorithms, §3.1), plus n half-subnormals for products that underflow;
   * the exact float64 sums are closer still, and the bound is doubled to cover them and the
   * scaling. So a row whose upper bound is below the `depth`-th best lower bound has at least
   * `depth` rows strictly ahead of it, and is left out without changing the answer.
   */
  #scoreBounded(rows: KernelRows, queryInverse: number, scores: Float64Array, depth: number): boolean {
    const d = this.#dimensions
    const count = scores.length
    const inverseNorms = this.#inverseNorms
    const approximate = rows.dotsApproximate(count)
    // The kernel's longest chain: d/16 per running sum, four folds, then the 15 left over.
    const chain = Math.floor(d / 16) + 4 + 15 + 1
    const gamma = (chain * U32) / (1 - chain * U32)
    const uppers = new Float64Array(count)
    // The depth-th best lower bound, from the best `depth` lower bounds kept sorted, best first.
    const lowest: number[] = []
    for (let slot = 0; slot < count; slot++) {
      const inverse = inverseNorms[slot]!
      if (Number.isNaN(inverse)) continue
      const dot = approximate[slot]!
      const scale = inverse * queryInverse
      // Overflow or worse: no bound, so the row is scored exactly.
      const finite = Number.isFinite(dot)
      const error = finite ? 2 * (gamma + d * UNDERFLOW * scale) : Number.POSITIVE_INFINITY
      const cosine = finite ? clamp(dot * scale) : 0
      uppers[slot] = cosine + error
      const lower = cosine - error
      if (lowest.length === depth && !(lower > lowest[depth - 1]!)) continue
      let at = lowest.length === depth ? depth - 1 : lowest.length
      if (lowest.length === depth) lowest.pop()
      while (at > 0 && lower > lowest[at - 1]!) at--
      lowest.splice(at, 0, lower)
    }
    const floor = lowest.length === depth ? lowest[depth - 1]! : Number.NEGATIVE_INFINITY
    const candidates: number[] = []
    for (let slot = 0; slot < count; slot++) {
      if (!Number.isNaN(inverseNorms[slot]!) && uppers[slot]! >= floor) candidates.push(slot)
    }
    // Near-ties everywhere: one exact pass over all rows is cheaper than row by row.
    if (candidates.length * 4 > count) {
      this.#scoreExactly(rows, queryInverse, scores)
      return true
    }
    scores.fill(Number.NaN)
    for (const slot of candidates) {
      scores[slot] = clamp(rows.dotsExact(slot, 1)[0]! * inverseNorms[slot]! * queryInverse)
    }
    return false
  }

  /** Room for `capacity` rows: in the kernel's memory from `kernelFromFloats` on. */
  #allocate(capacity: number): Float32Array {
    const floats = capacity * this.#dimensions
    if (this.#rows !== undefined) {
      try {
        this.#rows.grow(capacity)
        return this.#rows.data
      } catch {
        // No more memory for it: the rows move out (unmoved, still readable) to the JS scan.
        this.#rows = undefined
        return new Float32Array(floats)
      }
    }
    if (this.#kernel !== undefined && floats >= this.#kernelFromFloats) {
      try {
        this.#rows = new KernelRows(this.#kernel, this.#dimensions, capacity)
        return this.#rows.data
      } catch {
        // No memory to be had for it (address space): the JS scan serves.
        this.#rows = undefined
      }
    }
    return new Float32Array(floats)
  }

  #grow(): void {
    const capacity = this.#inverseNorms.length * 2
    const before = this.#data
    const wasKernel = this.#rows !== undefined
    const data = this.#allocate(capacity)
    // The kernel's rows stay where they are as its memory grows; anything else is copied.
    if (!wasKernel || this.#rows === undefined) data.set(before)
    this.#data = data
    const norms = new Float64Array(capacity)
    norms.set(this.#inverseNorms)
    this.#inverseNorms = norms
  }
}
