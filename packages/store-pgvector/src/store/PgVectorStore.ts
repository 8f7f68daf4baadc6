// Why this facade runs past ~250 lines with no logic of its own: ~40 public methods (three
// interfaces and the store's extras), each one delegating line under the docs users read in their
// editor, and one import per concern function. Splitting it would scatter the class, not its logic.
import type {
  Chunk,
  ChunkStore,
  EraseReport,
  ExpirySweepCounts,
  ImportRowOutcome,
  LegSearchRequest,
  LegSearchStore,
  ListOptions,
  Memory,
  MemoryFilter,
  MemoryWrite,
  NamespaceDataStore,
  NamespaceStats,
  PendingClaim,
  ReinforceGroup,
  ReinforceOptions,
  RepairIssue,
  RepairStats,
  RepairStore,
  ScoredMemory,
  SearchOptions,
  Store,
  StoredEmbedding,
  StoredMemoryRow,
  Tier,
  UpsertOutcome,
} from '@agent-memory/core'
import type { Executor } from '../sql/Executor.js'
import type { ReadRoutingStats } from '../sql/ReadRoutingStats.js'
import { closeStoreContext } from './context/closeStoreContext.js'
import { createStoreContext } from './context/createStoreContext.js'
import type { InProcessIndexes } from './context/InProcessIndexes.js'
import { readRoutingStats } from './context/readRoutingStats.js'
import type { StoreContext } from './context/StoreContext.js'
import { eraseNamespace } from './data/eraseNamespace.js'
import { exportRows } from './data/exportRows.js'
import { exportSnapshot } from './data/exportSnapshot.js'
import { importRows } from './data/importRows.js'
import { listNamespaces } from './data/listNamespaces.js'
import { maintainVectorIndexes } from './indexes/maintainVectorIndexes.js'
import { settleIndexUpkeep } from './indexes/settleIndexUpkeep.js'
import type { VectorIndexReport } from './indexes/VectorIndexReport.js'
import { addLink } from './lifecycle/addLink.js'
import { deleteMemories } from './lifecycle/deleteMemories.js'
import { reinforceMany } from './lifecycle/reinforceMany.js'
import { reinforceMemories } from './lifecycle/reinforceMemories.js'
import { removeLink } from './lifecycle/removeLink.js'
import { restoreMemory } from './lifecycle/restoreMemory.js'
import { supersedeMemory } from './lifecycle/supersedeMemory.js'
import { sweepExpired } from './lifecycle/sweepExpired.js'
import { afterBulkLoad } from './meta/afterBulkLoad.js'
import { checkStoreOnOpen } from './meta/checkStoreOnOpen.js'
import { namespaceStats } from './meta/namespaceStats.js'
import { recordEmbedder } from './meta/recordEmbedder.js'
import { recordedEmbedder } from './meta/recordedEmbedder.js'
import { resetForReembed } from './meta/resetForReembed.js'
import { storageBytes } from './meta/storageBytes.js'
import type { PgVectorStoreOptions } from './PgVectorStoreOptions.js'
import type { RepairQueueEntry } from './RepairQueueEntry.js'
import { chunksOf } from './read/chunksOf.js'
import { countMemories } from './read/countMemories.js'
import { findByFingerprint } from './read/findByFingerprint.js'
import { findByFingerprints } from './read/findByFingerprints.js'
import { getMemory } from './read/getMemory.js'
import { listMemories } from './read/listMemories.js'
import { memoryHistory } from './read/memoryHistory.js'
import { profileCandidates } from './read/profileCandidates.js'
import { storedEmbeddings } from './read/storedEmbeddings.js'
import { claimPending } from './repair/claimPending.js'
import { completeRepair } from './repair/completeRepair.js'
import { failRepair } from './repair/failRepair.js'
import { markAllPending } from './repair/markAllPending.js'
import { releaseClaims } from './repair/releaseClaims.js'
import { repairIssues } from './repair/repairIssues.js'
import { repairQueue } from './repair/repairQueue.js'
import { repairStats } from './repair/repairStats.js'
import { CHUNK_VECTOR_SEARCH } from './search/legs/CHUNK_VECTOR_SEARCH.js'
import { runVectorSearch } from './search/legs/runVectorSearch.js'
import { searchKeywordLeg } from './search/legs/searchKeywordLeg.js'
import { searchLegsInProcess } from './search/legs/searchLegsInProcess.js'
import { searchLegsPipelined } from './search/legs/searchLegsPipelined.js'
import { searchVectorLeg } from './search/legs/searchVectorLeg.js'
import { putChunks } from './write/putChunks.js'
import { upsertMemories } from './write/upsertMemories.js'

/**
 * `Store`, `ChunkStore` and `RepairStore` on PostgreSQL + pgvector (node-postgres or PGlite,
 * through an `Executor`). Create it with `createPgVectorStore` or `openEmbeddedStore`, which
 * also run the `open` checks.
 *
 * A facade: each method is one function in a concern folder beside this file (`write/`,
 * `read/`, `lifecycle/`, `search/`, `indexes/`, `repair/`, `meta/`), all sharing one
 * `StoreContext`.
 */
export class PgVectorStore implements Store, ChunkStore, LegSearchStore, RepairStore, NamespaceDataStore {
  readonly dimensions: number
  readonly model: string | undefined
  readonly #context: StoreContext
  readonly #onClose: (() => Promise<void>) | undefined
  #closed = false

  /**
   * `inProcess`: in-process indexes for the keyword leg and the memory-vector leg — only where
   * this process owns the database and the row change log is installed (`openEmbeddedStore`).
   */
  constructor(
    executor: Executor,
    options: PgVectorStoreOptions,
    onClose?: () => Promise<void>,
    inProcess?: InProcessIndexes,
  ) {
    this.#context = createStoreContext(executor, options, inProcess)
    this.dimensions = this.#context.dimensions
    this.model = this.#context.model
    this.#onClose = onClose
  }

  /** Which backend runs the SQL. */
  get backend(): 'postgres' | 'pglite' {
    return this.#context.executor.kind
  }

  /** What the read replica served, and its state; `null` without a read pool. */
  readRouting(): ReadRoutingStats | null {
    return readRoutingStats(this.#context)
  }

  /**
   * Round trips this store has made to its database so far (with a read replica, to both): on
   * PostgreSQL each wait for the server's answers, a pipelined BEGIN, statement and COMMIT once;
   * on PGlite each call into it. Read it before and after a call to count that call's.
   */
  roundTrips(): number {
    return this.#context.executor.roundTrips
  }

  /** Whether every write fails (a snapshot of an embedded data directory this user may not write). */
  get readOnly(): boolean {
    return this.#context.executor.readOnly
  }

  /**
   * Checks the schema and the recorded embedder: a different model or dimension is a
   * `DimensionMismatchError` naming both and `agent-memory reembed`. The first open records them.
   */
  async open(): Promise<this> {
    await checkStoreOnOpen(this.#context)
    return this
  }

  /** The recorded embedder identity (`null` before the first open). */
  recordedEmbedder(): Promise<{ model: string | null; dimensions: number } | null> {
    return recordedEmbedder(this.#context)
  }

  /**
   * Records another embedder identity. Without `force` a differing recorded one is a
   * `DimensionMismatchError`; `reembed` passes `force` after `markAllPending` so the repair
   * queue re-embeds every row with the new model.
   */
  recordEmbedder(model: string, dimensions: number, options: { force?: boolean } = {}): Promise<void> {
    return recordEmbedder(this.#context, model, dimensions, options)
  }

  /**
   * Drops every vector (memories and chunks) and queues every memory for the repair worker:
   * the first step of `reembed`. Returns how many memories were queued.
   */
  markAllPending(namespace?: string): Promise<number> {
    return markAllPending(this.#context, namespace)
  }

  /**
   * Prepares a switch to another embedder (`agent-memory reembed`): drops every vector, queues
   * every memory for repair and forgets the recorded embedder. Then close this store, open one
   * for the new embedder (with `migrate({ dimensions })` first when the width changes) and let
   * the repair worker embed everything again. Returns how many memories were queued.
   */
  resetForReembed(): Promise<number> {
    return resetForReembed(this.#context)
  }

  upsert(namespace: string, writes: MemoryWrite[]): Promise<UpsertOutcome[]> {
    return upsertMemories(this.#context, namespace, writes)
  }

  /** One memory of the namespace by id, or null. */
  get(namespace: string, id: string): Promise<Memory | null> {
    return getMemory(this.#context, namespace, id)
  }

  findByFingerprint(namespace: string, tier: Tier, fingerprint: string): Promise<Memory | null> {
    return findByFingerprint(this.#context, namespace, tier, fingerprint)
  }

  findByFingerprints(namespace: string, keys: Array<{ tier: Tier; fingerprint: string }>): Promise<Memory[]> {
    return findByFingerprints(this.#context, namespace, keys)
  }

  /** Vectors held for content with these fingerprints, for this store's own embedder (see `storedEmbeddings`). */
  storedEmbeddings(
    namespace: string,
    fingerprints: string[],
    embedder: { model: string; dimensions: number },
  ): Promise<StoredEmbedding[]> {
    return storedEmbeddings(this.#context, namespace, fingerprints, embedder)
  }

  list(namespace: string, options: ListOptions = {}): Promise<Memory[]> {
    return listMemories(this.#context, namespace, options)
  }

  /** The memories a profile is chosen from, in one statement over partial indexes (see `Store.profileCandidates`). */
  profileCandidates(namespace: string, limit: number): Promise<Memory[]> {
    return profileCandidates(this.#context, namespace, limit)
  }

  delete(namespace: string, ids: string[]): Promise<number> {
    return deleteMemories(this.#context, namespace, ids)
  }

  supersede(namespace: string, oldId: string, newId: string, at?: Date): Promise<boolean> {
    return supersedeMemory(this.#context, namespace, oldId, newId, at)
  }

  restore(namespace: string, id: string): Promise<boolean> {
    return restoreMemory(this.#context, namespace, id)
  }

  reinforce(namespace: string, ids: string[], options: ReinforceOptions = {}): Promise<void> {
    return reinforceMemories(this.#context, namespace, ids, options)
  }

  /** `reinforce` for many namespaces: on one server, one statement for every group without a sliding expiry. */
  reinforceMany(groups: ReinforceGroup[]): Promise<void> {
    return reinforceMany(this.#context, groups)
  }

  history(namespace: string, id: string): Promise<Memory[]> {
    return memoryHistory(this.#context, namespace, id)
  }

  sweepExpired(namespace: string | undefined, now: Date): Promise<ExpirySweepCounts> {
    return sweepExpired(this.#context, namespace, now)
  }

  addLink(namespace: string, fromId: string, toId: string): Promise<boolean> {
    return addLink(this.#context, namespace, fromId, toId)
  }

  removeLink(namespace: string, fromId: string, toId: string): Promise<boolean> {
    return removeLink(this.#context, namespace, fromId, toId)
  }

  searchVector(namespace: string, vector: Float32Array, options: SearchOptions): Promise<ScoredMemory[]> {
    return searchVectorLeg(this.#context, namespace, vector, options)
  }

  searchChunks(namespace: string, vector: Float32Array, options: SearchOptions): Promise<ScoredMemory[]> {
    return runVectorSearch(this.#context, namespace, vector, options, CHUNK_VECTOR_SEARCH)
  }

  /** In process where this store holds the indexes (the embedded store); on PostgreSQL in one pipelined transaction. */
  searchLegs(namespace: string, request: LegSearchRequest): ReturnType<LegSearchStore['searchLegs']> {
    const context = this.#context
    if (context.keywordIndex === undefined && context.executor.kind === 'postgres')
      return searchLegsPipelined(context, namespace, request)
    return searchLegsInProcess(context, namespace, request)
  }

  searchText(namespace: string, query: string, options: SearchOptions): Promise<ScoredMemory[]> {
    return searchKeywordLeg(this.#context, namespace, query, options)
  }

  putChunks(namespace: string, memoryId: string, fingerprint: string, chunks: Chunk[]): Promise<boolean> {
    return putChunks(this.#context, namespace, memoryId, fingerprint, chunks)
  }

  claimPending(options: { limit: number; leaseMs: number; namespace?: string }): Promise<PendingClaim[]> {
    return claimPending(this.#context, options)
  }

  completeRepair(...args: Parameters<RepairStore['completeRepair']>): Promise<boolean> {
    return completeRepair(this.#context, ...args)
  }

  failRepair(
    namespace: string,
    id: string,
    options: { backoffMs: number; maxAttempts: number; error: string },
  ): Promise<'retry' | 'parked'> {
    return failRepair(this.#context, namespace, id, options)
  }

  releaseClaims(claims: ReadonlyArray<{ namespace: string; id: string }>): Promise<void> {
    return releaseClaims(this.#context, claims)
  }

  /** The repair queue of one namespace, or of every namespace when omitted. */
  repairStats(namespace?: string): Promise<RepairStats> {
    return repairStats(this.#context, namespace)
  }

  repairIssues(namespace?: string, options?: { ids?: string[]; limit?: number }): Promise<RepairIssue[]> {
    return repairIssues(this.#context, namespace, options)
  }

  /** Counts per namespace, with the sampled recall of its approximate vector searches. */
  stats(namespace?: string): Promise<NamespaceStats[]> {
    return namespaceStats(this.#context, namespace)
  }

  afterBulkLoad(namespace: string): Promise<void> {
    return afterBulkLoad(this.#context, namespace)
  }

  /** The repair queue with each row's stored reason, oldest first (the web inspector's repair page). */
  repairQueue(
    options: { namespace?: string; ids?: string[]; limit?: number } = {},
  ): Promise<RepairQueueEntry[]> {
    return repairQueue(this.#context, options)
  }

  /** How many memories `list` pages through in a namespace with this filter (the CLI's list total). */
  countMemories(namespace: string, filter?: MemoryFilter): Promise<number> {
    return countMemories(this.#context, namespace, filter)
  }

  /** A memory's chunk texts in order (empty when it has none or is missing from the namespace). */
  chunksOf(namespace: string, id: string): Promise<Array<{ idx: number; text: string }>> {
    return chunksOf(this.#context, namespace, id)
  }

  /**
   * Creates the per-namespace HNSW indexes the namespaces' sizes call for (more than
   * `exactSearchMaxRows` rows) and drops those of namespaces that shrank below half of that
   * (`agent-memory maintain`). On PostgreSQL every build and drop is `CONCURRENTLY`: writes go
   * on. Call it after a bulk load (cheaper than maintaining the index row by row); with
   * `autoIndex` searches also queue it per namespace in the background.
   */
  maintainVectorIndexes(options: { namespace?: string } = {}): Promise<VectorIndexReport> {
    return maintainVectorIndexes(this.#context, options)
  }

  /** Bytes on disk of the store's tables and their indexes (for `agent-memory stats`). */
  storageBytes(): Promise<number> {
    return storageBytes(this.#context)
  }

  /** Every namespace holding a memory, sorted (`agent-memory export --all`). */
  namespaces(): Promise<string[]> {
    return listNamespaces(this.#context)
  }

  /** One page of a namespace's memories in id order, live and superseded, optionally with vectors (export). */
  exportRows(
    namespace: string,
    options: { after?: string; limit: number; vectors?: boolean },
  ): Promise<StoredMemoryRow[]> {
    return exportRows(this.#context, namespace, options)
  }

  /**
   * Every memory of every namespace, with vectors, read in one transaction: a consistent copy
   * (`agent-memory backup`). Through an embedded store's server the read holds the database for its
   * whole length (the holder's own calls wait); the server's hold limit counts only silences.
   */
  exportSnapshot(
    onRow: (row: StoredMemoryRow) => Promise<void> | void,
  ): Promise<{ namespaces: string[]; memories: number }> {
    return exportSnapshot(this.#context, onRow)
  }

  /** Writes exported rows back verbatim, idempotent by id (import). */
  importRows(namespace: string, rows: StoredMemoryRow[]): Promise<ImportRowOutcome[]> {
    return importRows(this.#context, namespace, rows)
  }

  /**
   * Removes every row of the namespace from every table of the store and drops its vector
   * indexes; on PGlite the space is vacuumed. Writers of every namespace wait while it runs.
   */
  eraseNamespace(namespace: string): Promise<EraseReport> {
    return eraseNamespace(this.#context, namespace)
  }

  /**
   * Resolves once the store's background work in flight has finished: per-namespace index builds
   * and their calibration, keyword-statistics folds, recall samples, size counts and keyword-index
   * loads. After a bulk load and a first search, a script or a benchmark calls it to measure the
   * steady state rather than the upkeep the load set off; searches never need it.
   */
  settle(): Promise<void> {
    return settleIndexUpkeep(this.#context)
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await closeStoreContext(this.#context, this.#onClose)
  }
}
