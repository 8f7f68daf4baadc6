import type { Memory } from '../model/Memory.js'
import type { MemoryWrite } from '../model/MemoryWrite.js'
import type { Tier } from '../model/Tier.js'
import type { ExpirySweepStore } from './ExpirySweepStore.js'
import type { LinkStore } from './LinkStore.js'
import type { MemoryFilter } from './MemoryFilter.js'
import type { ScoredMemory } from './ScoredMemory.js'
import type { StoredEmbedding } from './StoredEmbedding.js'

/** Per-item outcome of an upsert, in input order. */
export type UpsertOutcome =
  | { id: string; status: 'inserted' | 'updated' }
  /** The id exists in another namespace: nothing was written (ids never cross namespaces). */
  | { id: string; status: 'conflict' }
  /**
   * `unlessDuplicate` and a live memory of the same namespace, tier and fingerprint exists (or
   * an earlier write of the same batch is one): nothing was written; `id` is that memory's.
   */
  | { id: string; status: 'duplicate' }

/** What every search leg of a store takes: the filter, the number of hits and a cancel signal. */
export interface SearchOptions {
  filter?: MemoryFilter
  /** Maximum hits; stores cap it (1..1000). */
  limit: number
  signal?: AbortSignal
  /**
   * Keyword leg only: the power of each query term's idf in its BM25 weight. 1 (the default) is
   * Okapi BM25; 2 weights each term by idf², so in a long message the few rare words decide the
   * ranking over the many common ones. Between 0 and 4; the vector legs ignore it.
   */
  idfExponent?: number
}

/** Which memories `Store.list` returns, in which order, and which page. */
export interface ListOptions {
  filter?: MemoryFilter
  orderBy?: 'createdAt' | 'updatedAt' | 'lastAccessedAt' | 'importance'
  direction?: 'asc' | 'desc'
  limit?: number
  offset?: number
}

/** How `Store.reinforce` stamps the memories it reinforces. */
export interface ReinforceOptions {
  /** Defaults to the store's clock. */
  at?: Date
  /**
   * Sliding expiry: rows that already expire get `expiresAt = at + slidingTtlMs`; rows with no
   * expiry keep none.
   */
  slidingTtlMs?: number
}

/** One namespace's share of `Store.reinforceMany`: what one `Store.reinforce` call would take. */
export interface ReinforceGroup {
  namespace: string
  ids: string[]
  options?: ReinforceOptions
}

/** The counts `Store.stats` reports for one namespace. */
export interface NamespaceStats {
  namespace: string
  total: number
  byTier: Partial<Record<Tier, number>>
  pending: number
  failed: number
  superseded: number
  chunks: number
  /**
   * Approximate (HNSW) search of the namespace, on stores that have it; absent while the
   * namespace is searched exactly and no ANN search was sampled.
   */
  vectorSearch?: {
    /** The namespace has its own HNSW index. */
    indexed: boolean
    /** ANN searches the recall guard re-ran exactly (in the background). */
    recallSamples: number
    /** Their mean recall@10 against the exact answer; null before the first sample. */
    recall: number | null
  }
}

/**
 * Durable storage of memories. Every method is scoped to one namespace by exact equality:
 * nothing is read, written or counted across namespaces, including by-id operations (an id
 * that lives in another namespace behaves as missing).
 *
 * Ordering: search results are best first; ties break by `id` ascending so results are
 * deterministic. A missing id is never an error: `get` returns `null`, `delete` counts 0.
 */
export interface Store extends ExpirySweepStore, LinkStore {
  /** Dimension of stored vectors; a write or query with another length is refused. */
  readonly dimensions: number

  /**
   * Inserts or fully replaces memories, atomically (one transaction for the batch, chunks
   * included). `createdAt`, `accessCount` and `lastAccessedAt` survive updates. `embedding:
   * null` stores the memory `pending`. Chunks follow the contract on `MemoryWrite.chunks`.
   */
  upsert(namespace: string, writes: MemoryWrite[]): Promise<UpsertOutcome[]>

  /** One memory of the namespace by id, or null (a memory of another namespace is null too). */
  get(namespace: string, id: string): Promise<Memory | null>
  /** Live, same-tier memory with this fingerprint (exact-duplicate detection), or null. */
  findByFingerprint(namespace: string, tier: Tier, fingerprint: string): Promise<Memory | null>
  /**
   * `findByFingerprint` for a batch, in one look-up: the memory `findByFingerprint` would return
   * for each key that has one (any order, at most one per key). Optional: without it the service
   * asks `findByFingerprint` once per distinct key.
   */
  findByFingerprints?(namespace: string, keys: Array<{ tier: Tier; fingerprint: string }>): Promise<Memory[]>
  /**
   * What the namespace already holds embedded for content with these fingerprints, whatever the
   * memory's id, tier or liveness: one `StoredEmbedding` per distinct stored content (any order),
   * only from memories embedded (`embedState: 'ok'`) by the embedder named, and none at all when
   * the store's vectors are of another model or width. Optional: without it the service embeds
   * content its own cache does not hold.
   */
  storedEmbeddings?(
    namespace: string,
    fingerprints: string[],
    embedder: { model: string; dimensions: number },
  ): Promise<StoredEmbedding[]>
  /** Default order: `createdAt` descending, ties by id. */
  list(namespace: string, options?: ListOptions): Promise<Memory[]>
  /**
   * The memories a profile is chosen from, in one read: the union of the four `list` look-ups of
   * `profileCandidateLists(limit)`, each memory once (any order). Optional: without it the service
   * runs the four look-ups itself. A store answers it without sorting the whole namespace (the
   * PostgreSQL store walks partial indexes, and computes the access key of each durable memory
   * for the most recently accessed: about 2 ms per 1,000 memories).
   */
  profileCandidates?(namespace: string, limit: number): Promise<Memory[]>
  /** Hard delete (chunks cascade). Returns how many rows went. */
  delete(namespace: string, ids: string[]): Promise<number>

  /**
   * Tombstones `oldId` in favour of `newId`: sets `supersededBy`, and `validTo = at` when it was
   * open. Returns false when `oldId` is missing (or `newId` is missing from the namespace).
   */
  supersede(namespace: string, oldId: string, newId: string, at?: Date): Promise<boolean>
  /** Undoes `supersede`: clears `supersededBy` and the `validTo` it stamped. */
  restore(namespace: string, id: string): Promise<boolean>
  /**
   * Counts an access per occurrence of an id (an id listed twice counts two, so a caller may
   * coalesce several recalls into one call): `accessCount += n`, `lastAccessedAt = at`, sliding
   * expiry (see options). Missing ids are skipped.
   */
  reinforce(namespace: string, ids: string[], options?: ReinforceOptions): Promise<void>
  /**
   * `reinforce` for several namespaces in one call, as recall's queue flushes them: the same
   * counts, times and expiries as one `reinforce` per group, written in as few statements as the
   * store can (the PostgreSQL store writes every group without a sliding expiry in one). Optional:
   * without it the service calls `reinforce` once per group.
   */
  reinforceMany?(groups: ReinforceGroup[]): Promise<void>
  /** The supersession chain through `id`, oldest first; empty when `id` is missing. */
  history(namespace: string, id: string): Promise<Memory[]>

  /** Cosine similarity of memory vectors, best first; pending rows (no vector) never match. */
  searchVector(namespace: string, vector: Float32Array, options: SearchOptions): Promise<ScoredMemory[]>
  /**
   * Keyword leg (full text). Any query string is safe: hostile syntax returns hits or nothing,
   * never an error.
   */
  searchText(namespace: string, query: string, options: SearchOptions): Promise<ScoredMemory[]>

  /**
   * Optional: the end of a bulk load into `namespace` (`rememberMany(…, { bulk: true })`, or a
   * loader calling it after its last batch). The store catches up on what it maintains lazily
   * or deferred while rows pour in — planner statistics, indexes it builds only once a
   * namespace needs them — so the next search runs at full speed, not on stale estimates.
   */
  afterBulkLoad?(namespace: string): Promise<void>

  /** Counts per namespace (one namespace, or every namespace when omitted). */
  stats(namespace?: string): Promise<NamespaceStats[]>
  /** Releases what the store created; never ends a pool or database the caller passed in. */
  close(): Promise<void>
}
