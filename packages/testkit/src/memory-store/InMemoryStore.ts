import {
  type Chunk,
  type ChunkStore,
  DimensionMismatchError,
  type EraseReport,
  type ExpirySweepCounts,
  type ImportRowOutcome,
  InvalidArgumentError,
  type ListOptions,
  type Memory,
  type MemoryWrite,
  type NamespaceDataStore,
  type NamespaceStats,
  type PendingClaim,
  type ReinforceGroup,
  type ReinforceOptions,
  type RepairIssue,
  type RepairStats,
  type RepairStore,
  type ScoredMemory,
  type SearchOptions,
  type Store,
  type StoredEmbedding,
  type StoredMemoryRow,
  type Tier,
  type UpsertOutcome,
} from '@agent-memory/core'
import { eraseNamespaceRows } from './data/eraseNamespaceRows.js'
import { exportNamespaceRows } from './data/exportNamespaceRows.js'
import { importNamespaceRows } from './data/importNamespaceRows.js'
import { namespacesOf } from './data/namespacesOf.js'
import { addRowLink } from './lifecycle/addRowLink.js'
import { deleteRows } from './lifecycle/deleteRows.js'
import { reinforceRows } from './lifecycle/reinforceRows.js'
import { removeRowLink } from './lifecycle/removeRowLink.js'
import { restoreRow } from './lifecycle/restoreRow.js'
import { supersedeRow } from './lifecycle/supersedeRow.js'
import { sweepRows } from './lifecycle/sweepRows.js'
import { rowStats } from './meta/rowStats.js'
import { findRowByFingerprint } from './read/findRowByFingerprint.js'
import { findRowsByFingerprints } from './read/findRowsByFingerprints.js'
import { getRow } from './read/getRow.js'
import { listRows } from './read/listRows.js'
import { profileCandidateRows } from './read/profileCandidateRows.js'
import { rowHistory } from './read/rowHistory.js'
import { storedRowEmbeddings } from './read/storedRowEmbeddings.js'
import { claimPendingRows } from './repair/claimPendingRows.js'
import { completeRowRepair } from './repair/completeRowRepair.js'
import { failRowRepair } from './repair/failRowRepair.js'
import { releaseRowClaims } from './repair/releaseRowClaims.js'
import { rowRepairIssues } from './repair/rowRepairIssues.js'
import { rowRepairStats } from './repair/rowRepairStats.js'
import { searchRowChunks } from './search/searchRowChunks.js'
import { searchRowText } from './search/searchRowText.js'
import { searchRowVectors } from './search/searchRowVectors.js'
import { checkNamespace } from './state/checkNamespace.js'
import type { InMemoryState } from './state/InMemoryState.js'
import { putRowChunks } from './write/putRowChunks.js'
import { upsertRows } from './write/upsertRows.js'

export interface InMemoryStoreOptions {
  /** Length of every stored and queried vector. */
  dimensions: number
  /** The embedder model this store is recorded for; `reopen` with another one is refused. */
  model?: string
  /** The store's clock (liveness, leases, backoff, bookkeeping); injectable for tests. */
  now?: () => Date
  /** Importance given to a write that sets none. */
  defaultImportance?: number
}

/**
 * A reference Store in plain TypeScript: exact cosine search, a BM25 keyword leg over
 * Intl.Segmenter words, every filter, the chunk contract and a leased repair queue. Meant for
 * tests and as the executable reading of the store contracts; everything lives in one Map.
 *
 * A facade, laid out like `PgVectorStore`: each method is one function in a concern folder
 * beside this file (`write/`, `read/`, `lifecycle/`, `search/`, `repair/`, `meta/`) over one
 * `InMemoryState`.
 */
export class InMemoryStore implements Store, ChunkStore, RepairStore, NamespaceDataStore {
  readonly dimensions: number
  readonly model: string | undefined
  private state: InMemoryState

  constructor(options: InMemoryStoreOptions) {
    if (!Number.isInteger(options.dimensions) || options.dimensions < 1) {
      throw new InvalidArgumentError(
        'dimensions',
        `dimensions must be a positive integer, got ${options.dimensions}`,
      )
    }
    this.dimensions = options.dimensions
    this.model = options.model
    this.state = {
      rows: new Map(),
      dimensions: options.dimensions,
      clock: options.now ?? (() => new Date()),
      defaultImportance: options.defaultImportance ?? 0.5,
    }
  }

  /**
   * Another store over the same rows for `embedder`, as reopening a database would be: refused
   * with `DimensionMismatchError` when the model (if recorded) or the dimensions differ.
   */
  async reopen(embedder: { model: string; dimensions: number }): Promise<InMemoryStore> {
    const modelDiffers = this.model !== undefined && embedder.model !== this.model
    if (modelDiffers || embedder.dimensions !== this.dimensions) {
      throw new DimensionMismatchError(
        { ...(this.model !== undefined ? { model: this.model } : {}), dimensions: this.dimensions },
        embedder,
      )
    }
    const view = new InMemoryStore({
      dimensions: this.dimensions,
      model: embedder.model,
      now: this.state.clock,
      defaultImportance: this.state.defaultImportance,
    })
    view.state = this.state
    return view
  }

  upsert(namespace: string, writes: MemoryWrite[]): Promise<UpsertOutcome[]> {
    return upsertRows(this.state, namespace, writes)
  }

  get(namespace: string, id: string): Promise<Memory | null> {
    return getRow(this.state, namespace, id)
  }

  findByFingerprint(namespace: string, tier: Tier, fingerprint: string): Promise<Memory | null> {
    return findRowByFingerprint(this.state, namespace, tier, fingerprint)
  }

  findByFingerprints(namespace: string, keys: Array<{ tier: Tier; fingerprint: string }>): Promise<Memory[]> {
    return findRowsByFingerprints(this.state, namespace, keys)
  }

  storedEmbeddings(
    namespace: string,
    fingerprints: string[],
    embedder: { model: string; dimensions: number },
  ): Promise<StoredEmbedding[]> {
    return storedRowEmbeddings(this.state, this, namespace, fingerprints, embedder)
  }

  list(namespace: string, options: ListOptions = {}): Promise<Memory[]> {
    return listRows(this.state, namespace, options)
  }

  profileCandidates(namespace: string, limit: number): Promise<Memory[]> {
    return profileCandidateRows(this.state, namespace, limit)
  }

  delete(namespace: string, ids: string[]): Promise<number> {
    return deleteRows(this.state, namespace, ids)
  }

  supersede(namespace: string, oldId: string, newId: string, at?: Date): Promise<boolean> {
    return supersedeRow(this.state, namespace, oldId, newId, at)
  }

  restore(namespace: string, id: string): Promise<boolean> {
    return restoreRow(this.state, namespace, id)
  }

  reinforce(namespace: string, ids: string[], options: ReinforceOptions = {}): Promise<void> {
    return reinforceRows(this.state, namespace, ids, options)
  }

  /** Every group checked first, then each written through `reinforce` (a test may replace it). */
  async reinforceMany(groups: ReinforceGroup[]): Promise<void> {
    for (const group of groups) checkNamespace(group.namespace)
    for (const group of groups) await this.reinforce(group.namespace, group.ids, group.options)
  }

  history(namespace: string, id: string): Promise<Memory[]> {
    return rowHistory(this.state, namespace, id)
  }

  sweepExpired(namespace: string | undefined, now: Date): Promise<ExpirySweepCounts> {
    return sweepRows(this.state, namespace, now)
  }

  addLink(namespace: string, fromId: string, toId: string): Promise<boolean> {
    return addRowLink(this.state, namespace, fromId, toId)
  }

  removeLink(namespace: string, fromId: string, toId: string): Promise<boolean> {
    return removeRowLink(this.state, namespace, fromId, toId)
  }

  searchVector(namespace: string, vector: Float32Array, options: SearchOptions): Promise<ScoredMemory[]> {
    return searchRowVectors(this.state, namespace, vector, options)
  }

  searchChunks(namespace: string, vector: Float32Array, options: SearchOptions): Promise<ScoredMemory[]> {
    return searchRowChunks(this.state, namespace, vector, options)
  }

  searchText(namespace: string, query: string, options: SearchOptions): Promise<ScoredMemory[]> {
    return searchRowText(this.state, namespace, query, options)
  }

  stats(namespace?: string): Promise<NamespaceStats[]> {
    return rowStats(this.state, namespace)
  }

  putChunks(namespace: string, memoryId: string, fingerprint: string, chunks: Chunk[]): Promise<boolean> {
    return putRowChunks(this.state, namespace, memoryId, fingerprint, chunks)
  }

  claimPending(options: { limit: number; leaseMs: number; namespace?: string }): Promise<PendingClaim[]> {
    return claimPendingRows(this.state, options)
  }

  completeRepair(...args: Parameters<RepairStore['completeRepair']>): Promise<boolean> {
    return completeRowRepair(this.state, ...args)
  }

  failRepair(
    namespace: string,
    id: string,
    options: { backoffMs: number; maxAttempts: number; error: string },
  ): Promise<'retry' | 'parked'> {
    return failRowRepair(this.state, namespace, id, options)
  }

  releaseClaims(claims: ReadonlyArray<{ namespace: string; id: string }>): Promise<void> {
    return releaseRowClaims(this.state, claims)
  }

  repairStats(namespace?: string): Promise<RepairStats> {
    return rowRepairStats(this.state, namespace)
  }

  repairIssues(namespace?: string, options?: { ids?: string[]; limit?: number }): Promise<RepairIssue[]> {
    return rowRepairIssues(this.state, namespace, options)
  }

  namespaces(): Promise<string[]> {
    return namespacesOf(this.state)
  }

  exportRows(
    namespace: string,
    options: { after?: string; limit: number; vectors?: boolean },
  ): Promise<StoredMemoryRow[]> {
    return exportNamespaceRows(this.state, namespace, options)
  }

  importRows(namespace: string, rows: StoredMemoryRow[]): Promise<ImportRowOutcome[]> {
    return importNamespaceRows(this.state, namespace, rows)
  }

  eraseNamespace(namespace: string): Promise<EraseReport> {
    return eraseNamespaceRows(this.state, namespace)
  }

  async recordedEmbedder(): Promise<{ model: string | null; dimensions: number } | null> {
    return { model: this.model ?? null, dimensions: this.dimensions }
  }

  async close(): Promise<void> {}
}
