import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { RowChangeFollower } from '../changes/RowChangeFollower.js'
import type { RowIndex } from '../changes/RowIndex.js'
import { replaceRows } from '../changes/replaceRows.js'
import { decodeVectorSend } from './decodeVectorSend.js'
import { NamespaceVectorIndex } from './NamespaceVectorIndex.js'

/**
 * Floats held across namespaces before the least recently searched are dropped (reloaded on
 * demand): 128 MiB, e.g. 64k memories at 512 dimensions or 21k at 1,536. A namespace larger than
 * this on its own is searched in SQL instead.
 */
const MAX_FLOATS = 32 * 1024 * 1024

const ROWS = `SELECT id, encode(vector_send(embedding), 'base64') AS embedding FROM memories
  WHERE namespace = $1 AND embedding IS NOT NULL`

/**
 * The embedded store's in-process vector index: a namespace's memory vectors are loaded on its
 * first vector search and kept in step with the table through the row change log
 * (`RowChangeFollower`, shared with the keyword index), then searched exactly — every row
 * scored, so the answer is complete and its recall 1.0. The scan runs in WebAssembly SIMD near the
 * memory-bandwidth floor (`NamespaceVectorIndex`; W0 and W4 in `docs/benchmarks.md`).
 */
export class VectorIndex implements RowIndex {
  readonly #dimensions: number
  readonly #namespaces = new Map<string, NamespaceVectorIndex>()
  /** Namespaces found too large to hold, with their size then (they are searched in SQL). */
  readonly #tooLarge = new Map<string, number>()
  readonly #changes: RowChangeFollower

  constructor(dimensions: number, changes: RowChangeFollower) {
    this.#dimensions = dimensions
    this.#changes = changes
    changes.follow(this)
  }

  /**
   * Applies the row changes logged so far to every index following the log (and trims them), without
   * loading a namespace: after a sweep, so the log holds no entry of the rows it removed.
   */
  async catchUp(sql: SqlRunner): Promise<void> {
    await this.#changes.catchUp(sql)
  }

  /**
   * The namespace's index, brought up to date (`caughtUp`: the caller has just applied the row
   * change log in this session); `undefined` when it is too large to hold.
   */
  async prepare(
    sql: SqlRunner,
    namespace: string,
    caughtUp = false,
  ): Promise<NamespaceVectorIndex | undefined> {
    if (!caughtUp) await this.#changes.catchUp(sql)
    const loaded = this.#namespaces.get(namespace)
    if (loaded !== undefined && loaded.size * this.#dimensions > MAX_FLOATS) {
      // It grew past the cap since it was loaded.
      this.#namespaces.delete(namespace)
      this.#tooLarge.set(namespace, loaded.size)
      return undefined
    }
    if (loaded !== undefined) {
      // Most recently used last: eviction drops from the front.
      this.#namespaces.delete(namespace)
      this.#namespaces.set(namespace, loaded)
      return loaded
    }
    if (this.#tooLarge.has(namespace)) return undefined
    const limit = Math.floor(MAX_FLOATS / this.#dimensions)
    const rows = await sql.query<{ id: string; embedding: string }>(`${ROWS} LIMIT ${limit + 1}`, [namespace])
    if (rows.rows.length > limit) {
      this.#tooLarge.set(namespace, rows.rows.length)
      return undefined
    }
    const index = new NamespaceVectorIndex(this.#dimensions, Math.max(256, rows.rows.length))
    for (const row of rows.rows) index.put(row.id, decodeVectorSend(row.embedding))
    this.#namespaces.set(namespace, index)
    let held = 0
    for (const each of this.#namespaces.values()) held += each.size * this.#dimensions
    for (const [name, each] of this.#namespaces) {
      if (held <= MAX_FLOATS || name === namespace) break
      this.#namespaces.delete(name)
      held -= each.size * this.#dimensions
    }
    return index
  }

  async refresh(sql: SqlRunner, namespace: string, ids: readonly string[]): Promise<void> {
    // A namespace that shrank may fit again: measure it anew on its next search.
    this.#tooLarge.delete(namespace)
    const index = this.#namespaces.get(namespace)
    if (index === undefined) return
    const rows = await sql.query<{ id: string; embedding: string }>(`${ROWS} AND id = ANY($2::text[])`, [
      namespace,
      ids,
    ])
    replaceRows(index, rows.rows, ids, (row) => decodeVectorSend(row.embedding))
  }

  clear(): void {
    this.#namespaces.clear()
    this.#tooLarge.clear()
  }
}
