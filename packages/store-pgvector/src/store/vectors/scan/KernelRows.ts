import type { DotKernelModule } from './DotKernelModule.js'
import type { WebAssemblyApi } from './WebAssemblyApi.js'

const PAGE = 65536

const align16 = (bytes: number) => Math.ceil(bytes / 16) * 16

interface DotKernel {
  dotsExact(rows: number, count: number, dims: number, query: number, out: number): void
  dotsApproximate(rows: number, count: number, dims: number, query: number, out: number): void
}

/**
 * Rows of float32s held in a WebAssembly memory of their own, end to end from offset 0, with a
 * scratch area after them for the query and the results, and the dot-product kernel over them.
 * Growing appends pages: the rows never move, so growth copies nothing.
 */
export class KernelRows {
  readonly #dimensions: number
  readonly #memory: InstanceType<WebAssemblyApi['Memory']>
  readonly #kernel: DotKernel
  #capacity = 0
  #data = new Float32Array(0)
  #queryExact = 0
  #queryApproximate = 0
  #out = 0

  /** Throws where the memory cannot be had (address space, or no WebAssembly at all). */
  constructor(module: DotKernelModule, dimensions: number, capacity: number) {
    const wasm = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly
    if (wasm === undefined) throw new Error('no WebAssembly in this runtime')
    this.#dimensions = dimensions
    this.#memory = new wasm.Memory({ initial: 1 })
    const instance = new wasm.Instance(module, { env: { memory: this.#memory } })
    this.#kernel = instance.exports as unknown as DotKernel
    this.grow(capacity)
  }

  /** The rows, `capacity × dimensions` floats; a new view after each `grow`. */
  get data(): Float32Array {
    return this.#data
  }

  /** Makes room for `capacity` rows, keeping the rows held. */
  grow(capacity: number): void {
    const d = this.#dimensions
    const queryExact = align16(capacity * d * 4)
    const queryApproximate = queryExact + align16(d * 8)
    const out = queryApproximate + align16(d * 4)
    const pages = Math.ceil((out + capacity * 8) / PAGE)
    const held = this.#memory.buffer.byteLength / PAGE
    if (pages > held) this.#memory.grow(pages - held)
    this.#capacity = capacity
    this.#queryExact = queryExact
    this.#queryApproximate = queryApproximate
    this.#out = out
    this.#data = new Float32Array(this.#memory.buffer, 0, capacity * d)
  }

  /** Sets the query the next dot products are taken with. */
  setQuery(query: Float32Array): void {
    const buffer = this.#memory.buffer
    const d = this.#dimensions
    new Float64Array(buffer, this.#queryExact, d).set(query)
    new Float32Array(buffer, this.#queryApproximate, d).set(query)
  }

  /**
   * Exact dot products of rows `first … first + count - 1` with the query, as the JS scan sums
   * them (bit for bit); a view valid until the next call.
   */
  dotsExact(first: number, count: number): Float64Array {
    this.#check(first, count)
    const d = this.#dimensions
    this.#kernel.dotsExact(first * d * 4, count, d, this.#queryExact, this.#out)
    return new Float64Array(this.#memory.buffer, this.#out, count)
  }

  /** Float32 dot products of the first `count` rows with the query; a view valid until the next call. */
  dotsApproximate(count: number): Float32Array {
    this.#check(0, count)
    const d = this.#dimensions
    this.#kernel.dotsApproximate(0, count, d, this.#queryApproximate, this.#out)
    return new Float32Array(this.#memory.buffer, this.#out, count)
  }

  #check(first: number, count: number): void {
    if (first < 0 || count < 0 || first + count > this.#capacity) {
      throw new RangeError(`rows ${first}…${first + count} out of ${this.#capacity}`)
    }
  }
}
