import type { Memory } from '../model/Memory.js'

/**
 * One stored memory with everything the store keeps of it that an export carries: the memory
 * itself, whether `supersede` stamped its `validTo` (so `restore` still knows to clear it after a
 * move), its chunk spans and, when asked for, the vectors.
 */
export interface StoredMemoryRow {
  memory: Memory
  validToStamped: boolean
  /** The memory's vector; `null` when it has none or vectors were not asked for. */
  embedding: Float32Array | null
  /** The memory's chunks in order; `embedding` is `null` when vectors were not asked for. */
  chunks: Array<{ idx: number; text: string; embedding: Float32Array | null }>
}

/** What `importRows` did with one row, in input order. */
export type ImportRowOutcome =
  | { id: string; status: 'inserted' | 'updated' | 'unchanged' }
  /** The id lives in another namespace: nothing was written (ids never cross namespaces). */
  | { id: string; status: 'conflict' }

/** What `eraseNamespace` removed. */
export interface EraseReport {
  namespace: string
  memories: number
  chunks: number
  /** Rows of the store's other tables (keyword statistics, index registry, change log, …) by table. */
  otherRows: Record<string, number>
  /** Per-namespace vector indexes dropped. */
  indexes: number
}

/**
 * The whole of a namespace, in and out: the operations behind export, import and erase. Kept
 * apart from `Store` so a store without them still serves every other call.
 */
export interface NamespaceDataStore {
  /** Every namespace that holds a memory, sorted. */
  namespaces(): Promise<string[]>
  /**
   * One page of the namespace's memories, live and superseded, ordered by id: the rows whose id
   * is greater than `after` (keyset paging, so a page costs the same wherever it starts), at most
   * `limit` of them (1..1000). `vectors`: include the memory and chunk vectors.
   */
  exportRows(
    namespace: string,
    options: { after?: string; limit: number; vectors?: boolean },
  ): Promise<StoredMemoryRow[]>
  /**
   * Writes rows verbatim, atomically (one transaction for the batch): ids, `createdAt`,
   * `updatedAt`, access counts, supersession, validity, confidence, assessed importance, links,
   * tags, metadata and expiry as given. A row whose id exists in the namespace with the same
   * values is `unchanged`; with other values it is replaced (`updated`). A row with an
   * `embedding` of the store's width is stored with its vector and its chunks (those that carry
   * vectors); without one it is stored `pending` (or `failed` when the row says so) with no
   * chunks, and repair embeds it.
   */
  importRows(namespace: string, rows: StoredMemoryRow[]): Promise<ImportRowOutcome[]>
  /**
   * Removes every row of the namespace from every table of the store (memories, chunks, keyword
   * statistics, change log, recall samples, the per-namespace vector indexes and their registry
   * rows), in one transaction where the database allows, and reclaims the space where the store
   * owns the database.
   */
  eraseNamespace(namespace: string): Promise<EraseReport>
  /** The embedder identity the stored vectors come from (`null` when none is recorded). */
  recordedEmbedder(): Promise<{ model: string | null; dimensions: number } | null>
}

/** Whether a store offers the whole-namespace operations (export, import, erase) of `NamespaceDataStore`. */
export function isNamespaceDataStore(store: object): store is NamespaceDataStore {
  const candidate = store as Partial<NamespaceDataStore>
  return typeof candidate.exportRows === 'function' && typeof candidate.eraseNamespace === 'function'
}
