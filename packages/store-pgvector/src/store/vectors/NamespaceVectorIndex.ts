import type { RankedDocument } from '../keyword/RankedDocument.js'
import type { RankedDocuments } from '../keyword/RankedDocuments.js'

/**
 * One namespace's memory vectors, held in one contiguous `Float32Array` (a row per slot) with
 * each row's inverse norm, for an exact cosine scan in process. Every row with an embedding is
 * held, live or not: like the keyword index, filters are applied afterwards, in SQL.
 */
export class NamespaceVectorIndex {
  readonly #dimensions: number
  readonly #slots = new Map<string, number>()
  #ids: Array<string | undefined> = []
  #data: Float32Array
  /** 1 / ‖row‖, or NaN for a zero vector (no direction: it never ranks, as in SQL). */
  #inverseNorms: Float64Array
  readonly #free: number[] = []

  constructor(dimensions: number, capacity = 256) {
    this.#dimensions = dimensions
    this.#data = new Float32Array(capacity * dimensions)
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
    const d = this.#dimensions
    const data = this.#data
    const inverseNorms = this.#inverseNorms
    const ids = this.#ids
    const count = ids.length
    // Scores by slot (NaN: nothing held there) and the best `depth` slots, best first: no object
    // per row, so a search of ten thousand rows leaves the garbage collector nothing to do.
    const scores = new Float64Array(count)
    const head: number[] = []
    const better = (a: number, b: number) =>
      scores[a]! > scores[b]! || (scores[a] === scores[b] && ids[a]! < ids[b]!)
    for (let slot = 0; slot < count; slot++) {
      const inverse = inverseNorms[slot]!
      if (Number.isNaN(inverse)) {
        scores[slot] = Number.NaN
        continue
      }
      // Four accumulators: independent additions the CPU can overlap.
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
      scores[slot] = Math.max(-1, Math.min(1, (a + b + c + e) * inverse * queryInverse))
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
        const inHead = new Set(head)
        const others: number[] = []
        for (let slot = 0; slot < count; slot++) {
          if (!Number.isNaN(scores[slot]!) && !inHead.has(slot)) others.push(slot)
        }
        return others.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0)).map(toDocument)
      },
    }
  }

  #grow(): void {
    const capacity = this.#inverseNorms.length * 2
    const data = new Float32Array(capacity * this.#dimensions)
    data.set(this.#data)
    this.#data = data
    const norms = new Float64Array(capacity)
    norms.set(this.#inverseNorms)
    this.#inverseNorms = norms
  }
}
