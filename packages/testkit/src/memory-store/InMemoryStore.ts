import {
  type Chunk,
  type ChunkStore,
  DimensionMismatchError,
  InvalidArgumentError,
  type ListOptions,
  type Memory,
  type MemoryWrite,
  NamespaceSchema,
  type NamespaceStats,
  type PendingClaim,
  type ReinforceOptions,
  type RepairStats,
  type RepairStore,
  type ScoredMemory,
  type SearchOptions,
  type Store,
  type Tier,
  type UpsertOutcome,
} from '@agent-memory/core'
import { cosineSimilarity } from './cosineSimilarity.js'
import { keywordTerms } from './keywordTerms.js'
import { matchesFilter } from './matchesFilter.js'

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

interface Row {
  memory: Memory
  embedding: Float32Array | null
  chunks: Chunk[]
  /** Whether `supersede` set `validTo` (so `restore` knows to clear it). */
  stampedValidTo: boolean
  attempts: number
  nextRunAt: number | null
  leaseUntil: number | null
  lastError: string | null
}

const MAX_SEARCH_LIMIT = 1000
const MAX_ERROR_LENGTH = 1000
// BM25 constants (the usual defaults).
const K1 = 1.2
const B = 0.75

/**
 * A reference Store in plain TypeScript: exact cosine search, a BM25 keyword leg over
 * Intl.Segmenter words, every filter, the chunk contract and a leased repair queue. Meant for
 * tests and as the executable reading of the store contracts; everything lives in one Map.
 */
export class InMemoryStore implements Store, ChunkStore, RepairStore {
  readonly dimensions: number
  readonly model: string | undefined
  private rows = new Map<string, Row>()
  private readonly clock: () => Date
  private readonly defaultImportance: number

  constructor(options: InMemoryStoreOptions) {
    if (!Number.isInteger(options.dimensions) || options.dimensions < 1) {
      throw new InvalidArgumentError(
        'dimensions',
        `dimensions must be a positive integer, got ${options.dimensions}`,
      )
    }
    this.dimensions = options.dimensions
    this.model = options.model
    this.clock = options.now ?? (() => new Date())
    this.defaultImportance = options.defaultImportance ?? 0.5
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
      now: this.clock,
      defaultImportance: this.defaultImportance,
    })
    view.rows = this.rows
    return view
  }

  async upsert(namespace: string, writes: MemoryWrite[]): Promise<UpsertOutcome[]> {
    checkNamespace(namespace)
    // Validate the whole batch before touching anything: the batch is atomic.
    for (const write of writes) {
      if (write.embedding !== null) this.checkVector(write.embedding)
      for (const chunk of write.chunks ?? []) this.checkVector(chunk.embedding)
    }
    const now = this.clock()
    const outcomes: UpsertOutcome[] = []
    for (const write of writes) {
      const existing = this.rows.get(write.id)
      if (existing && existing.memory.namespace !== namespace) {
        outcomes.push({ id: write.id, status: 'conflict' })
        continue
      }
      if (write.unlessDuplicate === true && existing === undefined) {
        // Synchronous from check to write: no other call interleaves, as a lock would ensure.
        const live = this.liveByFingerprint(namespace, write.tier, write.fingerprint)
        if (live !== undefined) {
          outcomes.push({ id: live.memory.id, status: 'duplicate' })
          continue
        }
      }
      const sameContent = existing !== undefined && existing.memory.fingerprint === write.fingerprint
      const keepVector = write.embedding === null && write.keepEmbedding === true && sameContent
      const embedding = keepVector
        ? (existing?.embedding ?? null)
        : write.embedding === null
          ? null
          : copyVector(write.embedding)
      const embedState: Memory['embedState'] = keepVector
        ? (existing?.memory.embedState ?? 'pending')
        : embedding === null
          ? 'pending'
          : 'ok'
      const createdAt = existing ? existing.memory.createdAt : new Date((write.createdAt ?? now).getTime())
      const memory: Memory = {
        id: write.id,
        namespace,
        tier: write.tier,
        level: write.level ?? null,
        content: write.content,
        summary: write.summary ?? null,
        metadata: structuredClone(write.metadata ?? {}),
        tags: [...(write.tags ?? [])],
        importance: write.importance ?? this.defaultImportance,
        createdAt,
        updatedAt: new Date(now.getTime()),
        lastAccessedAt: existing ? existing.memory.lastAccessedAt : new Date(createdAt.getTime()),
        accessCount: existing ? existing.memory.accessCount : 0,
        expiresAt: copyDate(write.expiresAt ?? null),
        supersededBy: write.supersededBy ?? null,
        validFrom: copyDate(write.validFrom ?? null),
        validTo: copyDate(write.validTo ?? null),
        confidence: write.confidence ?? null,
        assessedImportance: write.assessedImportance ?? null,
        linkedMemoryIds: [...(write.linkedMemoryIds ?? [])],
        embedState,
        fingerprint: write.fingerprint,
      }
      const chunks =
        write.chunks !== undefined ? write.chunks.map(copyChunk) : sameContent ? (existing?.chunks ?? []) : []
      const keepRepair = keepVector && existing !== undefined
      this.rows.set(write.id, {
        memory,
        embedding,
        chunks,
        stampedValidTo: existing?.stampedValidTo === true && memory.validTo !== null,
        attempts: keepRepair ? existing.attempts : 0,
        nextRunAt: keepRepair ? existing.nextRunAt : null,
        leaseUntil: keepRepair ? existing.leaseUntil : null,
        lastError: keepRepair ? existing.lastError : null,
      })
      outcomes.push({ id: write.id, status: existing ? 'updated' : 'inserted' })
    }
    return outcomes
  }

  async get(namespace: string, id: string): Promise<Memory | null> {
    checkNamespace(namespace)
    const row = this.row(namespace, id)
    return row ? copyMemory(row.memory) : null
  }

  async findByFingerprint(namespace: string, tier: Tier, fingerprint: string): Promise<Memory | null> {
    checkNamespace(namespace)
    const found = this.liveByFingerprint(namespace, tier, fingerprint)
    return found ? copyMemory(found.memory) : null
  }

  private liveByFingerprint(namespace: string, tier: Tier, fingerprint: string): Row | undefined {
    const now = this.clock()
    return this.inNamespace(namespace)
      .filter((row) => row.memory.tier === tier && row.memory.fingerprint === fingerprint)
      .filter((row) => matchesFilter(row.memory, undefined, now))
      .sort((a, b) => a.memory.createdAt.getTime() - b.memory.createdAt.getTime() || compareIds(a, b))[0]
  }

  async list(namespace: string, options: ListOptions = {}): Promise<Memory[]> {
    checkNamespace(namespace)
    const now = this.clock()
    const orderBy = options.orderBy ?? 'createdAt'
    const sign = (options.direction ?? 'desc') === 'desc' ? -1 : 1
    const key = (memory: Memory): number =>
      orderBy === 'importance' ? memory.importance : (memory[orderBy] as Date).getTime()
    const offset = Math.max(0, Math.trunc(options.offset ?? 0))
    const sorted = this.inNamespace(namespace)
      .filter((row) => matchesFilter(row.memory, options.filter, now))
      .sort((a, b) => sign * (key(a.memory) - key(b.memory)) || compareIds(a, b))
    const limit = options.limit === undefined ? sorted.length : Math.max(0, Math.trunc(options.limit))
    return sorted.slice(offset, offset + limit).map((row) => copyMemory(row.memory))
  }

  async delete(namespace: string, ids: string[]): Promise<number> {
    checkNamespace(namespace)
    let removed = 0
    for (const id of new Set(ids)) {
      if (this.row(namespace, id)) {
        this.rows.delete(id)
        removed++
      }
    }
    return removed
  }

  async supersede(namespace: string, oldId: string, newId: string, at?: Date): Promise<boolean> {
    checkNamespace(namespace)
    const old = this.row(namespace, oldId)
    if (!old || !this.row(namespace, newId)) return false
    const when = at ?? this.clock()
    old.memory.supersededBy = newId
    const open = old.memory.validTo === null || old.memory.validTo.getTime() > when.getTime()
    if (open) {
      old.memory.validTo = new Date(when.getTime())
      old.stampedValidTo = true
    }
    old.memory.updatedAt = this.clock()
    return true
  }

  async restore(namespace: string, id: string): Promise<boolean> {
    checkNamespace(namespace)
    const row = this.row(namespace, id)
    if (!row) return false
    row.memory.supersededBy = null
    if (row.stampedValidTo) row.memory.validTo = null
    row.stampedValidTo = false
    row.memory.updatedAt = this.clock()
    return true
  }

  async reinforce(namespace: string, ids: string[], options: ReinforceOptions = {}): Promise<void> {
    checkNamespace(namespace)
    const at = options.at ?? this.clock()
    for (const id of new Set(ids)) {
      const row = this.row(namespace, id)
      if (!row) continue
      row.memory.accessCount += 1
      row.memory.lastAccessedAt = new Date(at.getTime())
      if (options.slidingTtlMs !== undefined && row.memory.expiresAt !== null) {
        row.memory.expiresAt = new Date(at.getTime() + options.slidingTtlMs)
      }
    }
  }

  async history(namespace: string, id: string): Promise<Memory[]> {
    checkNamespace(namespace)
    if (!this.row(namespace, id)) return []
    // Breadth-first both ways: what this replaced (and what that replaced), and what replaced it.
    const seen = new Set<string>([id])
    const queue = [id]
    const rows = this.inNamespace(namespace)
    while (queue.length > 0) {
      const current = queue.shift()!
      const next = this.row(namespace, current)?.memory.supersededBy
      const neighbours = rows.filter((row) => row.memory.supersededBy === current).map((row) => row.memory.id)
      if (next) neighbours.push(next)
      for (const neighbour of neighbours) {
        if (!seen.has(neighbour) && this.row(namespace, neighbour)) {
          seen.add(neighbour)
          queue.push(neighbour)
        }
      }
    }
    return [...seen]
      .map((memberId) => this.row(namespace, memberId)!)
      .sort((a, b) => a.memory.createdAt.getTime() - b.memory.createdAt.getTime() || compareIds(a, b))
      .map((row) => copyMemory(row.memory))
  }

  async searchVector(
    namespace: string,
    vector: Float32Array,
    options: SearchOptions,
  ): Promise<ScoredMemory[]> {
    checkNamespace(namespace)
    this.checkVector(vector)
    const limit = searchLimit(options.limit)
    const now = this.clock()
    const hits: Array<{ row: Row; score: number }> = []
    for (const row of this.inNamespace(namespace)) {
      if (row.embedding === null || !matchesFilter(row.memory, options.filter, now)) continue
      hits.push({ row, score: cosineSimilarity(vector, row.embedding) })
    }
    return hits
      .sort((a, b) => b.score - a.score || compareIds(a.row, b.row))
      .slice(0, limit)
      .map((hit) => ({ memory: copyMemory(hit.row.memory), score: hit.score }))
  }

  async searchChunks(
    namespace: string,
    vector: Float32Array,
    options: SearchOptions,
  ): Promise<ScoredMemory[]> {
    checkNamespace(namespace)
    this.checkVector(vector)
    const limit = searchLimit(options.limit)
    const now = this.clock()
    const hits: Array<{ row: Row; score: number; chunk: Chunk }> = []
    for (const row of this.inNamespace(namespace)) {
      if (row.chunks.length === 0 || !matchesFilter(row.memory, options.filter, now)) continue
      let best: { score: number; chunk: Chunk } | undefined
      for (const chunk of row.chunks) {
        const score = cosineSimilarity(vector, chunk.embedding)
        if (!best || score > best.score) best = { score, chunk }
      }
      if (best) hits.push({ row, ...best })
    }
    return hits
      .sort((a, b) => b.score - a.score || compareIds(a.row, b.row))
      .slice(0, limit)
      .map((hit) => ({
        memory: copyMemory(hit.row.memory),
        score: hit.score,
        matchedChunk: { idx: hit.chunk.idx, text: hit.chunk.text },
      }))
  }

  async searchText(namespace: string, query: string, options: SearchOptions): Promise<ScoredMemory[]> {
    checkNamespace(namespace)
    const limit = searchLimit(options.limit)
    const queryTerms = [...new Set(keywordTerms(query))]
    if (queryTerms.length === 0) return []
    const now = this.clock()
    const documents = this.inNamespace(namespace)
      .filter((row) => matchesFilter(row.memory, options.filter, now))
      .map((row) => {
        const terms = keywordTerms(
          [row.memory.content, row.memory.summary ?? '', ...row.memory.tags].join('\n'),
        )
        const frequencies = new Map<string, number>()
        for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1)
        return { row, length: terms.length, frequencies }
      })
    if (documents.length === 0) return []
    const averageLength = documents.reduce((sum, doc) => sum + doc.length, 0) / documents.length || 1
    const idf = new Map<string, number>()
    for (const term of queryTerms) {
      const containing = documents.filter((doc) => doc.frequencies.has(term)).length
      idf.set(term, Math.log(1 + (documents.length - containing + 0.5) / (containing + 0.5)))
    }
    const hits: Array<{ row: Row; score: number }> = []
    for (const doc of documents) {
      let score = 0
      for (const term of queryTerms) {
        const tf = doc.frequencies.get(term)
        if (!tf) continue
        score += (idf.get(term)! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / averageLength))
      }
      if (score > 0) hits.push({ row: doc.row, score })
    }
    return hits
      .sort((a, b) => b.score - a.score || compareIds(a.row, b.row))
      .slice(0, limit)
      .map((hit) => ({ memory: copyMemory(hit.row.memory), score: hit.score }))
  }

  async stats(namespace?: string): Promise<NamespaceStats[]> {
    if (namespace !== undefined) checkNamespace(namespace)
    const byNamespace = new Map<string, NamespaceStats>()
    for (const row of this.rows.values()) {
      const ns = row.memory.namespace
      if (namespace !== undefined && ns !== namespace) continue
      let stats = byNamespace.get(ns)
      if (!stats) {
        stats = { namespace: ns, total: 0, byTier: {}, pending: 0, failed: 0, superseded: 0, chunks: 0 }
        byNamespace.set(ns, stats)
      }
      stats.total++
      stats.byTier[row.memory.tier] = (stats.byTier[row.memory.tier] ?? 0) + 1
      if (row.memory.embedState === 'pending') stats.pending++
      if (row.memory.embedState === 'failed') stats.failed++
      if (row.memory.supersededBy !== null) stats.superseded++
      stats.chunks += row.chunks.length
    }
    return [...byNamespace.values()].sort((a, b) =>
      a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : 0,
    )
  }

  async close(): Promise<void> {}

  async putChunks(
    namespace: string,
    memoryId: string,
    fingerprint: string,
    chunks: Chunk[],
  ): Promise<boolean> {
    checkNamespace(namespace)
    for (const chunk of chunks) this.checkVector(chunk.embedding)
    const row = this.row(namespace, memoryId)
    if (!row || row.memory.fingerprint !== fingerprint) return false
    row.chunks = chunks.map(copyChunk)
    return true
  }

  async claimPending(options: {
    limit: number
    leaseMs: number
    namespace?: string
  }): Promise<PendingClaim[]> {
    if (options.namespace !== undefined) checkNamespace(options.namespace)
    const now = this.clock().getTime()
    const due = [...this.rows.values()]
      .filter((row) => options.namespace === undefined || row.memory.namespace === options.namespace)
      .filter((row) => row.memory.embedState === 'pending')
      .filter(
        (row) =>
          (row.nextRunAt === null || row.nextRunAt <= now) &&
          (row.leaseUntil === null || row.leaseUntil <= now),
      )
      .sort((a, b) => (a.nextRunAt ?? -Infinity) - (b.nextRunAt ?? -Infinity) || compareIds(a, b))
      .slice(0, Math.max(0, Math.trunc(options.limit)))
    return due.map((row) => {
      row.leaseUntil = now + options.leaseMs
      return {
        namespace: row.memory.namespace,
        id: row.memory.id,
        content: row.memory.content,
        fingerprint: row.memory.fingerprint,
        attempts: row.attempts,
      }
    })
  }

  async completeRepair(
    namespace: string,
    id: string,
    fingerprint: string,
    embedding: Float32Array,
    chunks?: Chunk[],
  ): Promise<boolean> {
    checkNamespace(namespace)
    this.checkVector(embedding)
    for (const chunk of chunks ?? []) this.checkVector(chunk.embedding)
    const row = this.row(namespace, id)
    if (!row || row.memory.fingerprint !== fingerprint) return false
    row.embedding = copyVector(embedding)
    if (chunks !== undefined) row.chunks = chunks.map(copyChunk)
    row.memory.embedState = 'ok'
    row.attempts = 0
    row.nextRunAt = null
    row.leaseUntil = null
    row.lastError = null
    return true
  }

  async failRepair(
    namespace: string,
    id: string,
    options: { backoffMs: number; maxAttempts: number; error: string },
  ): Promise<'retry' | 'parked'> {
    checkNamespace(namespace)
    const row = this.row(namespace, id)
    if (!row) return 'parked'
    row.attempts += 1
    row.leaseUntil = null
    row.lastError = options.error.slice(0, MAX_ERROR_LENGTH)
    if (row.attempts >= options.maxAttempts) {
      row.memory.embedState = 'failed'
      row.nextRunAt = null
      return 'parked'
    }
    row.nextRunAt = this.clock().getTime() + Math.max(0, options.backoffMs)
    return 'retry'
  }

  async repairStats(namespace?: string): Promise<RepairStats> {
    if (namespace !== undefined) checkNamespace(namespace)
    const now = this.clock().getTime()
    const stats: RepairStats = { pending: 0, leased: 0, failed: 0 }
    for (const row of this.rows.values()) {
      if (namespace !== undefined && row.memory.namespace !== namespace) continue
      if (row.memory.embedState === 'pending') {
        stats.pending++
        if (row.leaseUntil !== null && row.leaseUntil > now) stats.leased++
      }
      if (row.memory.embedState === 'failed') stats.failed++
    }
    return stats
  }

  private row(namespace: string, id: string): Row | undefined {
    const row = this.rows.get(id)
    return row && row.memory.namespace === namespace ? row : undefined
  }

  private inNamespace(namespace: string): Row[] {
    return [...this.rows.values()].filter((row) => row.memory.namespace === namespace)
  }

  private checkVector(vector: Float32Array): void {
    if (vector.length !== this.dimensions) {
      throw new DimensionMismatchError({ dimensions: this.dimensions }, { dimensions: vector.length })
    }
  }
}

function checkNamespace(namespace: string): void {
  const parsed = NamespaceSchema.safeParse(namespace)
  if (!parsed.success) {
    throw new InvalidArgumentError('namespace', parsed.error.issues.map((issue) => issue.message).join('; '))
  }
}

function searchLimit(limit: number): number {
  if (!Number.isFinite(limit) || limit < 1) {
    throw new InvalidArgumentError('limit', `limit must be at least 1, got ${limit}`)
  }
  return Math.min(MAX_SEARCH_LIMIT, Math.trunc(limit))
}

function compareIds(a: Row, b: Row): number {
  return a.memory.id < b.memory.id ? -1 : a.memory.id > b.memory.id ? 1 : 0
}

function copyDate(date: Date | null): Date | null {
  return date === null ? null : new Date(date.getTime())
}

function copyVector(vector: Float32Array): Float32Array {
  return new Float32Array(vector)
}

function copyChunk(chunk: Chunk): Chunk {
  return { idx: chunk.idx, text: chunk.text, embedding: copyVector(chunk.embedding) as Chunk['embedding'] }
}

function copyMemory(memory: Memory): Memory {
  return structuredClone(memory)
}
