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
  redactSecrets,
  type ScoredMemory,
  type SearchOptions,
  type Store,
  StoreError,
  type Tier,
  TierSchema,
  type UpsertOutcome,
} from '@agent-memory/core'
import type { Executor } from '../sql/Executor.js'
import type { SqlRunner } from '../sql/SqlRunner.js'
import { BinaryCopyWriter, type CopyValue } from './BinaryCopyWriter.js'
import { buildFilter } from './buildFilter.js'
import { MEMORY_COLUMNS } from './memoryColumns.js'
import type { RepairQueueEntry } from './RepairQueueEntry.js'
import { rowToMemory } from './rowToMemory.js'
import { SqlParams } from './SqlParams.js'
import { BM25_B, BM25_K1, documentText, queryText, searchVectorSql } from './searchText.js'
import { checkChunks, checkVector, validateWrites } from './validateWrites.js'
import { vectorLiteral } from './vectorLiteral.js'

export interface PgVectorStoreOptions {
  /** Width of every stored and queried vector; must match the database's vector columns. */
  dimensions: number
  /** The embedder's model id, recorded on first open and checked on every later one. */
  model?: string
  /**
   * Namespaces with at most this many rows are searched exactly; larger ones use HNSW when they
   * also hold at least half the table's rows (a namespace filter on the global HNSW index loses
   * recall at lower shares). Default 2,000: at 1536-d an exact scan costs ~2 µs a row, so about
   * where it stops beating an HNSW query (~3.5 ms).
   */
  exactSearchMaxRows?: number
  /** Batches of at least this many rows go through binary COPY on node-postgres. Default 500. */
  bulkThreshold?: number
  /** How long a namespace's row count is trusted when choosing the search path. Default 30 s. */
  namespaceCountTtlMs?: number
}

const ADVISORY_ID_LOCK = 1_634_625_901
/** Advisory lock class for "is a live memory with this namespace, tier and fingerprint there?". */
const ADVISORY_FINGERPRINT_LOCK = 1_634_625_903
const EXACT_SEARCH_MAX_ROWS = 2_000
/**
 * HNSW serves a namespace only when it holds at least this share of the table's rows. Measured
 * (1536-d, ef_search 40, relaxed iterative scan): recall@10 0.81 at an 11% share, 0.85 at 23%,
 * 0.97 at 57% — the unfiltered level.
 */
const ANN_MIN_NAMESPACE_SHARE = 0.5
const ID_LOCK_BUCKETS = 512
const MAX_LIMIT = 1000
const MAX_LIST_LIMIT = 10_000
const MAX_ROWS_PER_INSERT = 500
/** Rows per `tsvector` round trip of the COPY path (see `#copyInsert`). */
const SEARCH_VECTOR_CHUNK = 500
const PG_MAX_PARAMS = 65_000
const MEMORY_INDEX = 'memories_embedding_hnsw'
const CHUNK_INDEX = 'memory_chunks_embedding_hnsw'

const UPDATE_FIELDS = `tier = EXCLUDED.tier, level = EXCLUDED.level, content = EXCLUDED.content,
  summary = EXCLUDED.summary, metadata = EXCLUDED.metadata, tags = EXCLUDED.tags, importance = EXCLUDED.importance,
  updated_at = now(), expires_at = EXCLUDED.expires_at, superseded_by = EXCLUDED.superseded_by,
  valid_from = EXCLUDED.valid_from, valid_to = EXCLUDED.valid_to, valid_to_stamped = false,
  confidence = EXCLUDED.confidence, assessed_importance = EXCLUDED.assessed_importance,
  linked_memory_ids = EXCLUDED.linked_memory_ids, fingerprint = EXCLUDED.fingerprint, search = EXCLUDED.search`

const UPDATE_ON_CONFLICT = `ON CONFLICT (namespace, id) DO UPDATE SET ${UPDATE_FIELDS},
  embed_state = EXCLUDED.embed_state, embedding = EXCLUDED.embedding,
  repair_attempts = 0, next_attempt_at = NULL, leased_until = NULL, last_error = NULL`

// `keepEmbedding` writes (content unchanged, checked under the id lock): the vector, its state and
// the repair bookkeeping stay as they are.
const UPDATE_ON_CONFLICT_KEEPING_VECTOR = `ON CONFLICT (namespace, id) DO UPDATE SET ${UPDATE_FIELDS}`

const INSERT_COLUMNS = `namespace, id, tier, level, content, summary, metadata, tags, importance, created_at, updated_at,
  last_accessed_at, expires_at, superseded_by, valid_from, valid_to, confidence, assessed_importance,
  linked_memory_ids, embed_state, fingerprint, embedding, search`

function bucketOf(id: string): number {
  let hash = 2_166_136_261
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i)
    hash = Math.imul(hash, 16_777_619)
  }
  return (hash >>> 0) % ID_LOCK_BUCKETS
}

function checkNamespace(namespace: unknown): string {
  const parsed = NamespaceSchema.safeParse(namespace)
  if (!parsed.success) {
    throw new InvalidArgumentError('namespace', parsed.error.issues[0]?.message ?? 'namespace is invalid')
  }
  return parsed.data
}

function checkIds(ids: unknown): string[] {
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
    throw new InvalidArgumentError('ids', 'ids must be an array of strings')
  }
  return ids as string[]
}

function clampLimit(limit: unknown, max: number): number {
  if (typeof limit !== 'number' || Number.isNaN(limit)) {
    throw new InvalidArgumentError('limit', 'limit must be a number')
  }
  return Math.min(max, Math.max(1, Math.floor(limit)))
}

function optionalDate(value: Date | undefined, what: string): Date | undefined {
  if (value === undefined) return undefined
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new InvalidArgumentError(what, `${what} must be a valid Date`)
  }
  return value
}

/** A write reduced to the values every insert path binds, in `INSERT_COLUMNS` order (after namespace). */
interface RowValues {
  id: string
  tier: string
  level: string | null
  content: string
  summary: string | null
  metadata: string
  tags: string[]
  importance: number
  createdAt: Date | null
  expiresAt: Date | null
  supersededBy: string | null
  validFrom: Date | null
  validTo: Date | null
  confidence: number | null
  assessedImportance: number | null
  linkedMemoryIds: string[]
  embedState: 'ok' | 'pending'
  fingerprint: string
  embedding: Float32Array | null
  searchText: string
}

function toRowValues(write: MemoryWrite): RowValues {
  return {
    id: write.id,
    tier: write.tier,
    level: write.level ?? null,
    content: write.content,
    summary: write.summary ?? null,
    metadata: JSON.stringify(write.metadata ?? {}),
    tags: write.tags ?? [],
    importance: write.importance ?? 0.5,
    createdAt: write.createdAt ?? null,
    expiresAt: write.expiresAt ?? null,
    supersededBy: write.supersededBy ?? null,
    validFrom: write.validFrom ?? null,
    validTo: write.validTo ?? null,
    confidence: write.confidence ?? null,
    assessedImportance: write.assessedImportance ?? null,
    linkedMemoryIds: write.linkedMemoryIds ?? [],
    embedState: write.embedding === null ? 'pending' : 'ok',
    fingerprint: write.fingerprint,
    embedding: write.embedding,
    searchText: documentText(write.content, write.summary, write.tags),
  }
}

/** A binary COPY payload encoded lazily, row by row, in ~1 MiB pieces. */
function* copyPayload<T>(rows: readonly T[], fields: (row: T, i: number) => CopyValue[]): Generator<Buffer> {
  const writer = new BinaryCopyWriter()
  for (let i = 0; i < rows.length; i++) {
    writer.addRow(fields(rows[i]!, i))
    yield* writer.drain()
  }
  yield* writer.finish()
}

/**
 * `Store`, `ChunkStore` and `RepairStore` on PostgreSQL + pgvector (node-postgres or PGlite,
 * through an `Executor`). Create it with `createPgVectorStore` or `openEmbeddedStore`, which
 * also run the `open` checks.
 */
export class PgVectorStore implements Store, ChunkStore, RepairStore {
  readonly dimensions: number
  readonly model: string | undefined
  readonly #executor: Executor
  readonly #exactSearchMaxRows: number
  readonly #bulkThreshold: number
  readonly #countTtlMs: number
  readonly #counts = new Map<string, { rows: number; tableRows: number; ann: boolean; at: number }>()
  readonly #keywordStats = new Map<string, { rows: number; avgLength: number; at: number }>()
  readonly #onClose: (() => Promise<void>) | undefined
  #closed = false

  constructor(executor: Executor, options: PgVectorStoreOptions, onClose?: () => Promise<void>) {
    if (!Number.isInteger(options.dimensions) || options.dimensions < 1 || options.dimensions > 16_000) {
      throw new InvalidArgumentError('dimensions', 'dimensions must be an integer in 1..16000')
    }
    this.dimensions = options.dimensions
    this.model = options.model
    this.#executor = executor
    this.#exactSearchMaxRows = Math.min(
      1_000_000_000,
      Math.max(0, Math.floor(options.exactSearchMaxRows ?? EXACT_SEARCH_MAX_ROWS)),
    )
    this.#bulkThreshold = options.bulkThreshold ?? 500
    this.#countTtlMs = options.namespaceCountTtlMs ?? 30_000
    this.#onClose = onClose
  }

  /** Which backend runs the SQL. */
  get backend(): 'postgres' | 'pglite' {
    return this.#executor.kind
  }

  /** Whether every write fails (a snapshot of an embedded data directory this user may not write). */
  get readOnly(): boolean {
    return this.#executor.readOnly
  }

  /**
   * Checks the schema and the recorded embedder: a different model or dimension is a
   * `DimensionMismatchError` naming both and `agent-memory reembed`. The first open records them.
   */
  async open(): Promise<this> {
    await this.#executor.transaction(async (sql) => {
      const schema = await sql.query<{ meta: string | null }>(
        "SELECT to_regclass('agent_memory_meta')::text AS meta",
      )
      if (schema.rows[0]?.meta === null || schema.rows[0]?.meta === undefined) {
        throw new StoreError('unknown', 'the agent-memory tables are missing: run migrate() first')
      }
      const columns = await sql.query<{ typmod: number }>(
        "SELECT atttypmod AS typmod FROM pg_attribute WHERE attrelid = 'memories'::regclass AND attname = 'embedding'",
      )
      const columnDimensions = Number(columns.rows[0]?.typmod ?? -1)
      if (columnDimensions !== this.dimensions) {
        throw new DimensionMismatchError(
          { dimensions: columnDimensions },
          { dimensions: this.dimensions },
          `the database's vector columns hold ${columnDimensions} dimensions but the embedder gives ${this.dimensions}; ` +
            'run migrate({ dimensions }) on an empty store, or re-embed with `agent-memory reembed`',
        )
      }
      await sql.query(
        'INSERT INTO agent_memory_meta (id, model, dimensions) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING',
        [this.model ?? null, this.dimensions],
      )
      const meta = await sql.query<{ model: string | null; dimensions: number }>(
        'SELECT model, dimensions FROM agent_memory_meta WHERE id = 1',
      )
      const recorded = meta.rows[0]!
      const modelDiffers =
        recorded.model !== null && this.model !== undefined && recorded.model !== this.model
      if (modelDiffers || Number(recorded.dimensions) !== this.dimensions) {
        throw new DimensionMismatchError(
          {
            dimensions: Number(recorded.dimensions),
            ...(recorded.model === null ? {} : { model: recorded.model }),
          },
          { dimensions: this.dimensions, ...(this.model === undefined ? {} : { model: this.model }) },
        )
      }
      if (recorded.model === null && this.model !== undefined) {
        await sql.query('UPDATE agent_memory_meta SET model = $1, recorded_at = now() WHERE id = 1', [
          this.model,
        ])
      }
    })
    return this
  }

  /** The recorded embedder identity (`null` before the first open). */
  async recordedEmbedder(): Promise<{ model: string | null; dimensions: number } | null> {
    return this.#executor.transaction(async (sql) => {
      const meta = await sql.query<{ model: string | null; dimensions: number }>(
        'SELECT model, dimensions FROM agent_memory_meta WHERE id = 1',
      )
      const row = meta.rows[0]
      return row === undefined ? null : { model: row.model, dimensions: Number(row.dimensions) }
    })
  }

  /**
   * Records another embedder identity. Without `force` a differing recorded one is a
   * `DimensionMismatchError`; `reembed` passes `force` after `markAllPending` so the repair
   * queue re-embeds every row with the new model.
   */
  async recordEmbedder(model: string, dimensions: number, options: { force?: boolean } = {}): Promise<void> {
    if (dimensions !== this.dimensions) {
      throw new DimensionMismatchError({ dimensions: this.dimensions }, { model, dimensions })
    }
    await this.#executor.transaction(async (sql) => {
      const meta = await sql.query<{ model: string | null; dimensions: number }>(
        'SELECT model, dimensions FROM agent_memory_meta WHERE id = 1 FOR UPDATE',
      )
      const row = meta.rows[0]
      if (row !== undefined && options.force !== true && row.model !== null && row.model !== model) {
        throw new DimensionMismatchError(
          { model: row.model, dimensions: Number(row.dimensions) },
          { model, dimensions },
        )
      }
      await sql.query(
        `INSERT INTO agent_memory_meta (id, model, dimensions) VALUES (1, $1, $2)
         ON CONFLICT (id) DO UPDATE SET model = EXCLUDED.model, dimensions = EXCLUDED.dimensions, recorded_at = now()`,
        [model, dimensions],
      )
    })
  }

  /**
   * Drops every vector (memories and chunks) and queues every memory for the repair worker:
   * the first step of `reembed`. Returns how many memories were queued.
   */
  async markAllPending(namespace?: string): Promise<number> {
    const ns = namespace === undefined ? undefined : checkNamespace(namespace)
    return this.#executor.transaction(async (sql) => {
      const where = ns === undefined ? '' : 'WHERE namespace = $1'
      const params = ns === undefined ? [] : [ns]
      await sql.query(`DELETE FROM memory_chunks ${where}`, params)
      const updated = await sql.query(
        `UPDATE memories SET embedding = NULL, embed_state = 'pending', repair_attempts = 0,
           next_attempt_at = NULL, leased_until = NULL, last_error = NULL ${where}`,
        params,
      )
      this.#counts.clear()
      return updated.rowCount
    })
  }

  /**
   * Prepares a switch to another embedder (`agent-memory reembed`): drops every vector, queues
   * every memory for repair and forgets the recorded embedder. Then close this store, open one
   * for the new embedder (with `migrate({ dimensions })` first when the width changes) and let
   * the repair worker embed everything again. Returns how many memories were queued.
   */
  async resetForReembed(): Promise<number> {
    const queued = await this.markAllPending()
    await this.#executor.transaction(async (sql) => {
      await sql.query('DELETE FROM agent_memory_meta')
    })
    return queued
  }

  async upsert(namespace: string, writes: MemoryWrite[]): Promise<UpsertOutcome[]> {
    const ns = checkNamespace(namespace)
    validateWrites(writes, this.dimensions)
    if (writes.length === 0) return []
    return this.#executor.transaction(async (sql) => {
      // Ids are unique across namespaces but the key leads with namespace; a per-id-bucket lock
      // makes "is this id owned elsewhere?" and the write one atomic step.
      const buckets = [...new Set(writes.map((write) => bucketOf(write.id)))].sort((a, b) => a - b)
      await sql.query('SELECT pg_advisory_xact_lock($1::int, b) FROM unnest($2::int[]) AS b', [
        ADVISORY_ID_LOCK,
        buckets,
      ])
      const existingRows = await sql.query<{ namespace: string; id: string; fingerprint: string }>(
        // One index probe per id (LATERAL … LIMIT 1: ids are unique across namespaces), so a
        // table without statistics yet never turns the check into a sequential scan.
        `SELECT m.namespace, m.id, m.fingerprint FROM unnest($1::text[]) AS wanted(id)
         CROSS JOIN LATERAL (SELECT namespace, id, fingerprint FROM memories WHERE id = wanted.id LIMIT 1) m`,
        [writes.map((write) => write.id)],
      )
      const existing = new Map(existingRows.rows.map((row) => [row.id, row]))
      const live = await this.#liveDuplicates(
        sql,
        ns,
        writes.filter((write) => write.unlessDuplicate === true && !existing.has(write.id)),
      )
      const outcomes: UpsertOutcome[] = []
      const accepted: MemoryWrite[] = []
      for (const write of writes) {
        const found = existing.get(write.id)
        if (found !== undefined && found.namespace !== ns) {
          outcomes.push({ id: write.id, status: 'conflict' })
          continue
        }
        if (write.unlessDuplicate === true && found === undefined) {
          const key = `${write.tier}\u0001${write.fingerprint}`
          const duplicateOf = live.get(key)
          if (duplicateOf !== undefined) {
            outcomes.push({ id: duplicateOf, status: 'duplicate' })
            continue
          }
          live.set(key, write.id)
        }
        outcomes.push({ id: write.id, status: found === undefined ? 'inserted' : 'updated' })
        accepted.push(write)
      }
      if (accepted.length === 0) return outcomes
      // Row locks are taken in id order (as reinforce takes them), so concurrent batches never deadlock.
      accepted.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

      const keepsVector = (write: MemoryWrite) =>
        write.embedding === null &&
        write.keepEmbedding === true &&
        existing.get(write.id)?.fingerprint === write.fingerprint
      const groups = [
        { writes: accepted.filter((write) => !keepsVector(write)), onConflict: UPDATE_ON_CONFLICT },
        { writes: accepted.filter(keepsVector), onConflict: UPDATE_ON_CONFLICT_KEEPING_VECTOR },
      ]
      for (const { writes: group, onConflict } of groups) {
        if (group.length === 0) continue
        if (sql.copyIn !== undefined && group.length >= this.#bulkThreshold) {
          // Under the id locks, "no id of the batch exists anywhere" stays true until commit:
          // nothing can conflict, so the rows go straight into `memories`.
          if (existing.size === 0) await this.#copyInsert(sql, ns, group)
          else await this.#copyUpsert(sql, ns, group.map(toRowValues), onConflict)
        } else {
          await this.#insertUpsert(sql, ns, group.map(toRowValues), onConflict)
        }
      }

      const clear = accepted
        .filter((write) => {
          if (write.chunks !== undefined) return true
          const found = existing.get(write.id)
          return found !== undefined && found.fingerprint !== write.fingerprint
        })
        .map((write) => write.id)
      if (clear.length > 0) {
        await sql.query('DELETE FROM memory_chunks WHERE namespace = $1 AND memory_id = ANY($2::text[])', [
          ns,
          clear,
        ])
      }
      const chunkRows = accepted.flatMap((write) =>
        (write.chunks ?? []).map((chunk) => ({ id: write.id, chunk })),
      )
      await this.#insertChunks(sql, ns, chunkRows)
      this.#counts.delete(`memories:${ns}`)
      return outcomes
    })
  }

  /**
   * For writes that must not duplicate a live memory: takes a transaction-scoped advisory lock
   * per (namespace, tier, fingerprint), in hash order so concurrent batches never deadlock, then
   * finds the live memories already holding those keys. A concurrent writer of the same key
   * waits on the lock until this transaction commits, and its own lookup (a new statement under
   * READ COMMITTED) then sees this row: "check, then insert" is one atomic step per key.
   */
  async #liveDuplicates(sql: SqlRunner, ns: string, writes: MemoryWrite[]): Promise<Map<string, string>> {
    const live = new Map<string, string>()
    if (writes.length === 0) return live
    const tiers = writes.map((write) => write.tier)
    const fingerprints = writes.map((write) => write.fingerprint)
    await sql.query(
      `SELECT pg_advisory_xact_lock($1::int, s.h) FROM (
         SELECT DISTINCT hashtext($2::text || chr(1) || k.tier || chr(1) || k.fp) AS h
         FROM unnest($3::text[], $4::text[]) AS k(tier, fp)
       ) s ORDER BY s.h`,
      [ADVISORY_FINGERPRINT_LOCK, ns, tiers, fingerprints],
    )
    const params = new SqlParams()
    const conditions = [
      `m.namespace = ${params.add(ns)}`,
      `(m.tier, m.fingerprint) IN (SELECT * FROM unnest(${params.add(tiers, 'text[]')}, ${params.add(fingerprints, 'text[]')}))`,
      ...buildFilter(undefined, params),
    ]
    const found = await sql.query<{ tier: string; fingerprint: string; id: string }>(
      `SELECT DISTINCT ON (m.tier, m.fingerprint) m.tier, m.fingerprint, m.id FROM memories m
       WHERE ${conditions.join(' AND ')} ORDER BY m.tier, m.fingerprint, m.created_at DESC, m.id`,
      params.values,
    )
    for (const row of found.rows) live.set(`${row.tier}\u0001${row.fingerprint}`, row.id)
    return live
  }

  async #insertUpsert(sql: SqlRunner, ns: string, rows: RowValues[], onConflict: string): Promise<void> {
    for (let start = 0; start < rows.length; start += MAX_ROWS_PER_INSERT) {
      const params = new SqlParams()
      const nsParam = params.add(ns)
      const tuples = rows.slice(start, start + MAX_ROWS_PER_INSERT).map((row) => {
        const created = `coalesce(${params.add(row.createdAt, 'timestamptz')}, now())`
        return `(${nsParam}, ${params.add(row.id)}, ${params.add(row.tier)}, ${params.add(row.level)},
          ${params.add(row.content)}, ${params.add(row.summary)}, ${params.add(row.metadata, 'jsonb')},
          ${params.add(row.tags, 'text[]')}, ${params.add(row.importance, 'float8')}, ${created}, now(), ${created},
          ${params.add(row.expiresAt, 'timestamptz')}, ${params.add(row.supersededBy)},
          ${params.add(row.validFrom, 'timestamptz')}, ${params.add(row.validTo, 'timestamptz')},
          ${params.add(row.confidence, 'float8')}, ${params.add(row.assessedImportance, 'float8')},
          ${params.add(row.linkedMemoryIds, 'text[]')}, ${params.add(row.embedState)}, ${params.add(row.fingerprint)},
          ${params.add(row.embedding === null ? null : vectorLiteral(row.embedding), 'vector')},
          ${searchVectorSql(params.add(row.searchText))})`
      })
      await sql.query(`INSERT INTO memories (${INSERT_COLUMNS}) VALUES ${tuples.join(',\n')} ${onConflict}`, [
        ...params.values,
      ])
    }
  }

  /**
   * An all-new batch: binary COPY straight into `memories` (no staging table, no ON CONFLICT).
   * COPY cannot evaluate expressions, so the server first analyses the rows' text through
   * `searchVectorSql` — the expression every other write path uses — and hands back each
   * `tsvector` in its binary send form, which the COPY relays unchanged.
   */
  async #copyInsert(sql: SqlRunner, ns: string, writes: MemoryWrite[]): Promise<void> {
    // The transaction's now(), exactly as the INSERT paths store it (µs, not a JS Date's ms).
    const clock = await sql.query<{ now: Uint8Array }>('SELECT timestamptz_send(now()) AS now')
    const now = clock.rows[0]!.now
    const rows: RowValues[] = []
    const searches: Uint8Array[] = []
    let next = writes.slice(0, SEARCH_VECTOR_CHUNK).map(toRowValues)
    for (let start = 0; next.length > 0; start += SEARCH_VECTOR_CHUNK) {
      const current = next
      rows.push(...current)
      const analysed = sql.query<{ search: Uint8Array }>(
        `SELECT tsvectorsend(${searchVectorSql('t.text')}) AS search
         FROM unnest($1::text[]) WITH ORDINALITY AS t(text, ord) ORDER BY t.ord`,
        [current.map((row) => row.searchText)],
      )
      analysed.catch(() => undefined) // awaited below; never an unhandled rejection meanwhile
      // One query in flight at a time, but segmenting the next chunk's words here (the JS
      // half of the analysis) overlaps the server analysing this one.
      next = writes.slice(start + SEARCH_VECTOR_CHUNK, start + 2 * SEARCH_VECTOR_CHUNK).map(toRowValues)
      for (const row of (await analysed).rows) searches.push(row.search)
    }
    const payload = copyPayload(rows, (row, i) => {
      const created: CopyValue =
        row.createdAt === null
          ? { type: 'binary', value: now }
          : { type: 'timestamptz', value: row.createdAt }
      return [
        { type: 'text', value: ns },
        { type: 'text', value: row.id },
        { type: 'text', value: row.tier },
        { type: 'text', value: row.level },
        { type: 'text', value: row.content },
        { type: 'text', value: row.summary },
        { type: 'jsonb', value: row.metadata },
        { type: 'textArray', value: row.tags },
        { type: 'float8', value: row.importance },
        created,
        { type: 'binary', value: now },
        created,
        { type: 'timestamptz', value: row.expiresAt },
        { type: 'text', value: row.supersededBy },
        { type: 'timestamptz', value: row.validFrom },
        { type: 'timestamptz', value: row.validTo },
        { type: 'float8', value: row.confidence },
        { type: 'float8', value: row.assessedImportance },
        { type: 'textArray', value: row.linkedMemoryIds },
        { type: 'text', value: row.embedState },
        { type: 'text', value: row.fingerprint },
        { type: 'vector', value: row.embedding },
        { type: 'binary', value: searches[i]! },
      ]
    })
    await sql.copyIn!(
      `COPY memories (${INSERT_COLUMNS}) FROM STDIN (FORMAT binary)`,
      // node-postgres pulls the rows as the socket drains, so encoding overlaps the server's COPY.
      this.#executor.kind === 'postgres' ? payload : [...payload],
    )
  }

  async #copyUpsert(sql: SqlRunner, ns: string, rows: RowValues[], onConflict: string): Promise<void> {
    await sql.query(
      `CREATE TEMP TABLE agent_memory_stage (
        ord int4, id text, tier text, level text, content text, summary text, metadata jsonb, tags text[],
        importance float8, created_at timestamptz, expires_at timestamptz, superseded_by text,
        valid_from timestamptz, valid_to timestamptz, confidence float8, assessed_importance float8,
        linked text[], embed_state text, fingerprint text, embedding vector(${this.dimensions}), search_text text
      ) ON COMMIT DROP`,
    )
    const writer = new BinaryCopyWriter()
    rows.forEach((row, ord) => {
      writer.addRow([
        { type: 'int4', value: ord },
        { type: 'text', value: row.id },
        { type: 'text', value: row.tier },
        { type: 'text', value: row.level },
        { type: 'text', value: row.content },
        { type: 'text', value: row.summary },
        { type: 'jsonb', value: row.metadata },
        { type: 'textArray', value: row.tags },
        { type: 'float8', value: row.importance },
        { type: 'timestamptz', value: row.createdAt },
        { type: 'timestamptz', value: row.expiresAt },
        { type: 'text', value: row.supersededBy },
        { type: 'timestamptz', value: row.validFrom },
        { type: 'timestamptz', value: row.validTo },
        { type: 'float8', value: row.confidence },
        { type: 'float8', value: row.assessedImportance },
        { type: 'textArray', value: row.linkedMemoryIds },
        { type: 'text', value: row.embedState },
        { type: 'text', value: row.fingerprint },
        { type: 'vector', value: row.embedding },
        { type: 'text', value: row.searchText },
      ])
    })
    await sql.copyIn!('COPY agent_memory_stage FROM STDIN (FORMAT binary)', writer.finish())
    await sql.query(
      `INSERT INTO memories (${INSERT_COLUMNS})
       SELECT $1, s.id, s.tier, s.level, s.content, s.summary, s.metadata,
         s.tags, s.importance, coalesce(s.created_at, now()), now(),
         coalesce(s.created_at, now()), s.expires_at, s.superseded_by, s.valid_from, s.valid_to, s.confidence,
         s.assessed_importance, s.linked, s.embed_state, s.fingerprint,
         s.embedding, ${searchVectorSql('s.search_text')}
       FROM agent_memory_stage s ORDER BY s.ord
       ${onConflict}`,
      [ns],
    )
    // A second group in the same transaction stages again.
    await sql.query('DROP TABLE agent_memory_stage')
  }

  async #insertChunks(sql: SqlRunner, ns: string, rows: { id: string; chunk: Chunk }[]): Promise<void> {
    if (rows.length === 0) return
    if (sql.copyIn !== undefined && rows.length >= this.#bulkThreshold) {
      const writer = new BinaryCopyWriter()
      for (const { id, chunk } of rows) {
        writer.addRow([
          { type: 'text', value: ns },
          { type: 'text', value: id },
          { type: 'int4', value: chunk.idx },
          { type: 'text', value: chunk.text },
          { type: 'vector', value: chunk.embedding },
        ])
      }
      await sql.copyIn(
        'COPY memory_chunks (namespace, memory_id, idx, text, embedding) FROM STDIN (FORMAT binary)',
        [...writer.finish()],
      )
      return
    }
    const perStatement = Math.min(MAX_ROWS_PER_INSERT, Math.floor(PG_MAX_PARAMS / 4))
    for (let start = 0; start < rows.length; start += perStatement) {
      const params = new SqlParams()
      const nsParam = params.add(ns)
      const tuples = rows
        .slice(start, start + perStatement)
        .map(
          ({ id, chunk }) =>
            `(${nsParam}, ${params.add(id)}, ${params.add(chunk.idx, 'int4')}, ${params.add(chunk.text)}, ${params.add(
              vectorLiteral(chunk.embedding),
              'vector',
            )})`,
        )
      await sql.query(
        `INSERT INTO memory_chunks (namespace, memory_id, idx, text, embedding) VALUES ${tuples.join(', ')}`,
        params.values,
      )
    }
  }

  async get(namespace: string, id: string): Promise<Memory | null> {
    const ns = checkNamespace(namespace)
    if (typeof id !== 'string') throw new InvalidArgumentError('id', 'id must be a string')
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query(
        `SELECT ${MEMORY_COLUMNS} FROM memories m WHERE m.namespace = $1 AND m.id = $2`,
        [ns, id],
      )
      return result.rows[0] === undefined ? null : rowToMemory(result.rows[0])
    })
  }

  async findByFingerprint(namespace: string, tier: Tier, fingerprint: string): Promise<Memory | null> {
    const ns = checkNamespace(namespace)
    if (!TierSchema.safeParse(tier).success) throw new InvalidArgumentError('tier', 'tier is unknown')
    if (typeof fingerprint !== 'string')
      throw new InvalidArgumentError('fingerprint', 'fingerprint must be a string')
    const params = new SqlParams()
    const conditions = [
      `m.namespace = ${params.add(ns)}`,
      `m.tier = ${params.add(tier)}`,
      `m.fingerprint = ${params.add(fingerprint)}`,
      ...buildFilter(undefined, params),
    ]
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query(
        `SELECT ${MEMORY_COLUMNS} FROM memories m WHERE ${conditions.join(' AND ')} ORDER BY m.created_at DESC, m.id LIMIT 1`,
        params.values,
      )
      return result.rows[0] === undefined ? null : rowToMemory(result.rows[0])
    })
  }

  async list(namespace: string, options: ListOptions = {}): Promise<Memory[]> {
    const ns = checkNamespace(namespace)
    const orderColumns = {
      createdAt: 'm.created_at',
      updatedAt: 'm.updated_at',
      lastAccessedAt: 'm.last_accessed_at',
      importance: 'm.importance',
    } as const
    const orderBy = options.orderBy ?? 'createdAt'
    const column = orderColumns[orderBy]
    if (column === undefined) throw new InvalidArgumentError('orderBy', 'orderBy is unknown')
    const direction = options.direction ?? 'desc'
    if (direction !== 'asc' && direction !== 'desc') {
      throw new InvalidArgumentError('direction', 'direction must be asc or desc')
    }
    const limit = options.limit === undefined ? 100 : clampLimit(options.limit, MAX_LIST_LIMIT)
    const offset = options.offset === undefined ? 0 : Math.max(0, Math.floor(Number(options.offset)) || 0)
    const params = new SqlParams()
    const conditions = [`m.namespace = ${params.add(ns)}`, ...buildFilter(options.filter, params)]
    const sqlDirection = direction === 'asc' ? 'ASC' : 'DESC'
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query(
        `SELECT ${MEMORY_COLUMNS} FROM memories m WHERE ${conditions.join(' AND ')}
         ORDER BY ${column} ${sqlDirection}, m.id ${sqlDirection}
         LIMIT ${params.add(limit, 'int')} OFFSET ${params.add(offset, 'int')}`,
        params.values,
      )
      return result.rows.map(rowToMemory)
    })
  }

  async delete(namespace: string, ids: string[]): Promise<number> {
    const ns = checkNamespace(namespace)
    const list = checkIds(ids)
    if (list.length === 0) return 0
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query('DELETE FROM memories WHERE namespace = $1 AND id = ANY($2::text[])', [
        ns,
        list,
      ])
      this.#counts.delete(`memories:${ns}`)
      return result.rowCount
    })
  }

  async supersede(namespace: string, oldId: string, newId: string, at?: Date): Promise<boolean> {
    const ns = checkNamespace(namespace)
    checkIds([oldId, newId])
    const when = optionalDate(at, 'at')
    if (oldId === newId) return false
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query(
        `UPDATE memories m SET superseded_by = $3, updated_at = now(),
           valid_to_stamped = m.valid_to_stamped OR m.valid_to IS NULL,
           valid_to = coalesce(m.valid_to, coalesce($4::timestamptz, now()))
         WHERE m.namespace = $1 AND m.id = $2
           AND EXISTS (SELECT 1 FROM memories n WHERE n.namespace = $1 AND n.id = $3)`,
        [ns, oldId, newId, when ?? null],
      )
      return result.rowCount > 0
    })
  }

  async restore(namespace: string, id: string): Promise<boolean> {
    const ns = checkNamespace(namespace)
    checkIds([id])
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query(
        `UPDATE memories SET superseded_by = NULL, updated_at = now(),
           valid_to = CASE WHEN valid_to_stamped THEN NULL ELSE valid_to END, valid_to_stamped = false
         WHERE namespace = $1 AND id = $2 AND superseded_by IS NOT NULL`,
        [ns, id],
      )
      return result.rowCount > 0
    })
  }

  async reinforce(namespace: string, ids: string[], options: ReinforceOptions = {}): Promise<void> {
    const ns = checkNamespace(namespace)
    const list = checkIds(ids)
    const at = optionalDate(options.at, 'at')
    const ttl = options.slidingTtlMs
    if (ttl !== undefined && (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < 0)) {
      throw new InvalidArgumentError('slidingTtlMs', 'slidingTtlMs must be a non-negative number')
    }
    if (list.length === 0) return
    await this.#executor.transaction(async (sql) => {
      // Rows are locked in id order, as upsert writes them, so concurrent reinforces and writes
      // never deadlock (unordered multi-row updates did, under load).
      await sql.query(
        `WITH target AS (
           SELECT id FROM memories WHERE namespace = $1 AND id = ANY($2::text[])
           ORDER BY id COLLATE "C" FOR UPDATE
         )
         UPDATE memories m SET access_count = m.access_count + 1,
           last_accessed_at = coalesce($3::timestamptz, now()),
           expires_at = CASE WHEN m.expires_at IS NOT NULL AND $4::float8 IS NOT NULL
             THEN coalesce($3::timestamptz, now()) + $4::float8 * interval '1 millisecond' ELSE m.expires_at END
         FROM target WHERE m.namespace = $1 AND m.id = target.id`,
        [ns, [...new Set(list)], at ?? null, ttl ?? null],
      )
    })
  }

  async history(namespace: string, id: string): Promise<Memory[]> {
    const ns = checkNamespace(namespace)
    checkIds([id])
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query<Record<string, unknown>>(
        `WITH RECURSIVE back(id, depth) AS (
           SELECT id, 0 FROM memories WHERE namespace = $1 AND id = $2
           UNION
           SELECT p.id, b.depth - 1 FROM memories p JOIN back b ON p.namespace = $1 AND p.superseded_by = b.id
           WHERE b.depth > -1000
         ), fwd(id, next, depth) AS (
           SELECT id, superseded_by, 0 FROM memories WHERE namespace = $1 AND id = $2
           UNION
           SELECT s.id, s.superseded_by, f.depth + 1 FROM memories s JOIN fwd f ON s.namespace = $1 AND s.id = f.next
           WHERE f.depth < 1000
         ), chain AS (
           SELECT id, depth FROM back UNION ALL SELECT id, depth FROM fwd
         )
         SELECT ${MEMORY_COLUMNS}, min(c.depth) AS depth FROM chain c JOIN memories m ON m.namespace = $1 AND m.id = c.id
         GROUP BY m.namespace, m.id
         ORDER BY min(c.depth), m.created_at, m.id`,
        [ns, id],
      )
      return result.rows.map(rowToMemory)
    })
  }

  /**
   * Whether to search a namespace through HNSW: only when the index exists and the namespace
   * holds more than `exactSearchMaxRows` rows and at least `ANN_MIN_NAMESPACE_SHARE` of the
   * table (planner statistics; unknown before the first ANALYZE, then the row count decides
   * alone). The facts come from one query (a count on the namespace index, bounded by what
   * the decision needs) and are cached briefly.
   */
  async #useAnn(sql: SqlRunner, table: 'memories' | 'memory_chunks', ns: string): Promise<boolean> {
    const key = `${table}:${ns}`
    const now = Date.now()
    let cached = this.#counts.get(key)
    if (cached === undefined || now - cached.at >= this.#countTtlMs) {
      const counted = await sql.query<{ rows: number; table_rows: number | null; ann: boolean }>(
        `WITH t AS (SELECT greatest(reltuples, 0)::float8 AS table_rows FROM pg_class WHERE oid = to_regclass($4))
         SELECT (SELECT count(*)::int FROM (SELECT 1 FROM ${table} WHERE namespace = $1
             LIMIT greatest($2::int, (SELECT ceil(table_rows * $5::float8)::int + 1 FROM t))) s) AS rows,
           (SELECT table_rows FROM t) AS table_rows,
           EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = $3 AND tablename = $4) AS ann`,
        [
          ns,
          this.#exactSearchMaxRows + 1,
          table === 'memories' ? MEMORY_INDEX : CHUNK_INDEX,
          table,
          ANN_MIN_NAMESPACE_SHARE,
        ],
      )
      const found = counted.rows[0]
      cached = {
        rows: Number(found?.rows ?? 0),
        tableRows: Number(found?.table_rows ?? 0),
        ann: found?.ann === true,
        at: now,
      }
      this.#counts.set(key, cached)
    }
    return (
      cached.ann &&
      cached.rows > this.#exactSearchMaxRows &&
      (cached.tableRows <= 0 || cached.rows >= cached.tableRows * ANN_MIN_NAMESPACE_SHARE)
    )
  }

  async #annSettings(sql: SqlRunner, limit: number): Promise<void> {
    // SET LOCAL keeps the knobs inside this transaction (and behind PgBouncer transaction pooling).
    const efSearch = Math.min(1000, Math.max(40, limit * 4))
    await sql.query('SET LOCAL hnsw.iterative_scan = relaxed_order')
    await sql.query(`SET LOCAL hnsw.ef_search = ${efSearch}`)
  }

  async searchVector(
    namespace: string,
    vector: Float32Array,
    options: SearchOptions,
  ): Promise<ScoredMemory[]> {
    const ns = checkNamespace(namespace)
    checkVector(vector, this.dimensions, 'vector')
    const limit = clampLimit(options?.limit, MAX_LIMIT)
    const params = new SqlParams()
    const nsParam = params.add(ns)
    const query = params.add(vectorLiteral(vector), 'vector')
    const conditions = [
      `m.namespace = ${nsParam}`,
      'm.embedding IS NOT NULL',
      ...buildFilter(options.filter, params),
    ]
    const limitParam = params.add(limit, 'int')
    const inner = `SELECT ${MEMORY_COLUMNS}, m.embedding <=> ${query} AS distance FROM memories m
      WHERE ${conditions.join(' AND ')}`
    return this.#executor.transaction(async (sql) => {
      let text: string
      if (await this.#useAnn(sql, 'memories', ns)) {
        await this.#annSettings(sql, limit)
        text = `SELECT * FROM (${inner} ORDER BY m.embedding <=> ${query} LIMIT ${limitParam}) s
          WHERE s.distance <> 'NaN'::float8 ORDER BY s.distance, s.id`
      } else {
        // OFFSET 0 fences the subquery so the planner cannot route the ordering through the
        // global HNSW index (which silently under-returns under a selective filter).
        // A zero vector (stored or queried) has no direction: its cosine distance is NaN, which
        // must never rank (as a score it would reorder every hit fused with it), so it is dropped.
        text = `SELECT * FROM (${inner} OFFSET 0) s WHERE s.distance <> 'NaN'::float8
          ORDER BY s.distance, s.id LIMIT ${limitParam}`
      }
      const result = await sql.query<Record<string, unknown>>(text, params.values)
      return result.rows.map((row) => ({ memory: rowToMemory(row), score: 1 - Number(row.distance) }))
    })
  }

  async searchChunks(
    namespace: string,
    vector: Float32Array,
    options: SearchOptions,
  ): Promise<ScoredMemory[]> {
    const ns = checkNamespace(namespace)
    checkVector(vector, this.dimensions, 'vector')
    const limit = clampLimit(options?.limit, MAX_LIMIT)
    const params = new SqlParams()
    const nsParam = params.add(ns)
    const query = params.add(vectorLiteral(vector), 'vector')
    const conditions = [`c.namespace = ${nsParam}`, ...buildFilter(options.filter, params)]
    const limitParam = params.add(limit, 'int')
    const scored = `SELECT ${MEMORY_COLUMNS}, c.idx AS chunk_idx, c.text AS chunk_text, c.embedding <=> ${query} AS distance
      FROM memory_chunks c JOIN memories m ON m.namespace = c.namespace AND m.id = c.memory_id
      WHERE ${conditions.join(' AND ')}`
    return this.#executor.transaction(async (sql) => {
      let candidates: string
      if (await this.#useAnn(sql, 'memory_chunks', ns)) {
        await this.#annSettings(sql, limit * 4)
        const candidateLimit = params.add(Math.min(4000, limit * 8), 'int')
        candidates = `(${scored} ORDER BY c.embedding <=> ${query} LIMIT ${candidateLimit})`
      } else {
        candidates = `(${scored} OFFSET 0)`
      }
      const result = await sql.query<Record<string, unknown>>(
        `SELECT * FROM (
           SELECT DISTINCT ON (t.id) * FROM ${candidates} t WHERE t.distance <> 'NaN'::float8
           ORDER BY t.id, t.distance, t.chunk_idx
         ) s ORDER BY s.distance, s.id LIMIT ${limitParam}`,
        params.values,
      )
      return result.rows.map((row) => ({
        memory: rowToMemory(row),
        score: 1 - Number(row.distance),
        matchedChunk: { idx: Number(row.chunk_idx), text: String(row.chunk_text) },
      }))
    })
  }

  async searchText(namespace: string, query: string, options: SearchOptions): Promise<ScoredMemory[]> {
    const ns = checkNamespace(namespace)
    const limit = clampLimit(options?.limit, MAX_LIMIT)
    const analysis = queryText(query)
    const params = new SqlParams()
    const nsParam = params.add(ns)
    const conditions = [`m.namespace = ${nsParam}`, ...buildFilter(options.filter, params)]
    if (analysis === null) return []
    return this.#executor.transaction(async (sql) => {
      // The query goes through the same analysis as the documents; its lexemes come back as
      // data and are only ever bound as parameters, so no caller text reaches the tsquery parser.
      const terms = await sql.query<{ lexeme: string; df: number }>(
        `SELECT t.lexeme, (SELECT count(*)::int FROM memories d WHERE d.namespace = $1 AND d.search @@ t.query) AS df
         FROM (SELECT lexeme, plainto_tsquery('simple', lexeme) AS query
           FROM unnest(tsvector_to_array(${searchVectorSql('$2::text')})) AS lexeme OFFSET 0) t`,
        [ns, analysis],
      )
      const matched = terms.rows.filter((term) => Number(term.df) > 0)
      if (matched.length === 0) return []
      const corpus = await this.#keywordCorpus(sql, ns, Math.max(...matched.map((t) => Number(t.df))))
      // Okapi BM25 over the namespace: idf from each lexeme's document frequency, length
      // normalized by the namespace's mean distinct-lexeme count.
      const lexemes = matched.map((term) => term.lexeme)
      const idfs = matched.map((term) => {
        const df = Number(term.df)
        return Math.log(1 + (corpus.rows - df + 0.5) / (df + 0.5))
      })
      const lexemesParam = params.add(lexemes, 'text[]')
      const idfsParam = params.add(idfs, 'float8[]')
      const avgParam = params.add(corpus.avgLength, 'float8')
      const limitParam = params.add(limit, 'int')
      const orQuery = lexemes
        .map((_, i) => `plainto_tsquery('simple', (${lexemesParam})[${i + 1}])`)
        .join(' || ')
      const scored = await sql.query<Record<string, unknown>>(
        `SELECT ${MEMORY_COLUMNS}, s.score FROM memories m
         CROSS JOIN LATERAL (
           SELECT sum(w.idf * x.tf * ${BM25_K1 + 1}
             / (x.tf + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * length(m.search) / ${avgParam}))) AS score
           FROM unnest(ts_filter(setweight(m.search, 'A', ${lexemesParam}), '{a}')) AS u
           CROSS JOIN LATERAL (SELECT u.lexeme, coalesce(array_length(u.positions, 1), 1) AS tf) x
           JOIN unnest(${lexemesParam}, ${idfsParam}) AS w(lexeme, idf) ON w.lexeme = x.lexeme
         ) s
         WHERE m.search @@ (SELECT ${orQuery}) AND ${conditions.join(' AND ')}
         ORDER BY s.score DESC, m.id LIMIT ${limitParam}`,
        params.values,
      )
      return scored.rows.map((row) => ({ memory: rowToMemory(row), score: Number(row.score) }))
    })
  }

  /**
   * The namespace's size and mean document length for BM25, cached like the row counts
   * (ranking tolerates slightly stale statistics); re-measured once a term is seen in more
   * documents than the cached size.
   */
  async #keywordCorpus(
    sql: SqlRunner,
    ns: string,
    maxDf: number,
  ): Promise<{ rows: number; avgLength: number }> {
    const now = Date.now()
    const cached = this.#keywordStats.get(ns)
    if (cached !== undefined && now - cached.at < this.#countTtlMs && cached.rows >= maxDf) return cached
    const measured = await sql.query<{ rows: number; avg_length: number | null }>(
      `SELECT (SELECT count(*)::int FROM memories WHERE namespace = $1) AS rows,
         (SELECT avg(length(search))::float8 FROM (SELECT search FROM memories WHERE namespace = $1 LIMIT 2000) s) AS avg_length`,
      [ns],
    )
    const stats = {
      rows: Math.max(maxDf, Number(measured.rows[0]?.rows ?? 0)),
      avgLength: Math.max(1, Number(measured.rows[0]?.avg_length ?? 1)),
      at: now,
    }
    this.#keywordStats.set(ns, stats)
    return stats
  }

  async putChunks(
    namespace: string,
    memoryId: string,
    fingerprint: string,
    chunks: Chunk[],
  ): Promise<boolean> {
    const ns = checkNamespace(namespace)
    checkIds([memoryId, fingerprint])
    checkChunks(chunks, this.dimensions, 'chunks')
    return this.#executor.transaction(async (sql) => {
      const owner = await sql.query(
        'SELECT 1 FROM memories WHERE namespace = $1 AND id = $2 AND fingerprint = $3 FOR UPDATE',
        [ns, memoryId, fingerprint],
      )
      if (owner.rows.length === 0) return false
      await sql.query('DELETE FROM memory_chunks WHERE namespace = $1 AND memory_id = $2', [ns, memoryId])
      await this.#insertChunks(
        sql,
        ns,
        chunks.map((chunk) => ({ id: memoryId, chunk })),
      )
      this.#counts.delete(`memory_chunks:${ns}`)
      return true
    })
  }

  async claimPending(options: {
    limit: number
    leaseMs: number
    namespace?: string
  }): Promise<PendingClaim[]> {
    const limit = clampLimit(options?.limit, MAX_LIMIT)
    const leaseMs = options.leaseMs
    if (typeof leaseMs !== 'number' || !Number.isFinite(leaseMs) || leaseMs <= 0) {
      throw new InvalidArgumentError('leaseMs', 'leaseMs must be a positive number')
    }
    const ns = options.namespace === undefined ? undefined : checkNamespace(options.namespace)
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query<Record<string, unknown>>(
        `UPDATE memories m SET leased_until = now() + $2::float8 * interval '1 millisecond'
         FROM (
           SELECT namespace, id FROM memories
           WHERE embed_state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now())
             AND (leased_until IS NULL OR leased_until <= now()) AND ($3::text IS NULL OR namespace = $3)
           ORDER BY next_attempt_at NULLS FIRST, created_at, namespace, id
           LIMIT $1::int FOR UPDATE SKIP LOCKED
         ) picked
         WHERE m.namespace = picked.namespace AND m.id = picked.id
         RETURNING m.namespace, m.id, m.content, m.fingerprint, m.repair_attempts`,
        [limit, leaseMs, ns ?? null],
      )
      return result.rows.map((row) => ({
        namespace: String(row.namespace),
        id: String(row.id),
        content: String(row.content),
        fingerprint: String(row.fingerprint),
        attempts: Number(row.repair_attempts),
      }))
    })
  }

  async completeRepair(
    namespace: string,
    id: string,
    fingerprint: string,
    embedding: Float32Array,
    chunks?: Chunk[],
  ): Promise<boolean> {
    const ns = checkNamespace(namespace)
    checkIds([id, fingerprint])
    checkVector(embedding, this.dimensions, 'embedding')
    if (chunks !== undefined) checkChunks(chunks, this.dimensions, 'chunks')
    return this.#executor.transaction(async (sql) => {
      const updated = await sql.query(
        `UPDATE memories SET embedding = $4::vector, embed_state = 'ok', repair_attempts = 0, next_attempt_at = NULL,
           leased_until = NULL, last_error = NULL
         WHERE namespace = $1 AND id = $2 AND fingerprint = $3`,
        [ns, id, fingerprint, vectorLiteral(embedding)],
      )
      if (updated.rowCount === 0) return false
      if (chunks !== undefined) {
        await sql.query('DELETE FROM memory_chunks WHERE namespace = $1 AND memory_id = $2', [ns, id])
        await this.#insertChunks(
          sql,
          ns,
          chunks.map((chunk) => ({ id, chunk })),
        )
      }
      return true
    })
  }

  async failRepair(
    namespace: string,
    id: string,
    options: { backoffMs: number; maxAttempts: number; error: string },
  ): Promise<'retry' | 'parked'> {
    const ns = checkNamespace(namespace)
    checkIds([id])
    const { backoffMs, maxAttempts } = options
    if (typeof backoffMs !== 'number' || !Number.isFinite(backoffMs) || backoffMs < 0) {
      throw new InvalidArgumentError('backoffMs', 'backoffMs must be a non-negative number')
    }
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new InvalidArgumentError('maxAttempts', 'maxAttempts must be a positive integer')
    }
    const error = redactSecrets(String(options.error ?? '')).slice(0, 500)
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query<{ embed_state: string }>(
        `UPDATE memories SET repair_attempts = repair_attempts + 1, leased_until = NULL, last_error = $5,
           next_attempt_at = now() + $3::float8 * interval '1 millisecond',
           embed_state = CASE WHEN repair_attempts + 1 >= $4::int THEN 'failed' ELSE embed_state END
         WHERE namespace = $1 AND id = $2 AND embed_state = 'pending'
         RETURNING embed_state`,
        [ns, id, backoffMs, maxAttempts, error],
      )
      const state = result.rows[0]?.embed_state
      return state === 'pending' ? 'retry' : 'parked'
    })
  }

  async repairStats(namespace?: string): Promise<RepairStats> {
    const ns = namespace === undefined ? undefined : checkNamespace(namespace)
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query<Record<string, unknown>>(
        `SELECT count(*) FILTER (WHERE embed_state = 'pending')::int AS pending,
           count(*) FILTER (WHERE embed_state = 'pending' AND leased_until > now())::int AS leased,
           count(*) FILTER (WHERE embed_state = 'failed')::int AS failed
         FROM memories WHERE embed_state <> 'ok' AND ($1::text IS NULL OR namespace = $1)`,
        [ns ?? null],
      )
      const row = result.rows[0] ?? {}
      return {
        pending: Number(row.pending ?? 0),
        leased: Number(row.leased ?? 0),
        failed: Number(row.failed ?? 0),
      }
    })
  }

  async stats(namespace?: string): Promise<NamespaceStats[]> {
    const ns = namespace === undefined ? undefined : checkNamespace(namespace)
    return this.#executor.transaction(async (sql) => {
      const memoryRows = await sql.query<Record<string, unknown>>(
        `SELECT namespace, tier, count(*)::int AS total,
           count(*) FILTER (WHERE embed_state = 'pending')::int AS pending,
           count(*) FILTER (WHERE embed_state = 'failed')::int AS failed,
           count(*) FILTER (WHERE superseded_by IS NOT NULL)::int AS superseded
         FROM memories WHERE ($1::text IS NULL OR namespace = $1) GROUP BY namespace, tier`,
        [ns ?? null],
      )
      const chunkRows = await sql.query<Record<string, unknown>>(
        `SELECT namespace, count(*)::int AS chunks FROM memory_chunks
         WHERE ($1::text IS NULL OR namespace = $1) GROUP BY namespace`,
        [ns ?? null],
      )
      const byNamespace = new Map<string, NamespaceStats>()
      const entry = (name: string): NamespaceStats => {
        let stats = byNamespace.get(name)
        if (stats === undefined) {
          stats = { namespace: name, total: 0, byTier: {}, pending: 0, failed: 0, superseded: 0, chunks: 0 }
          byNamespace.set(name, stats)
        }
        return stats
      }
      for (const row of memoryRows.rows) {
        const stats = entry(String(row.namespace))
        const total = Number(row.total)
        stats.total += total
        stats.byTier[row.tier as Tier] = total
        stats.pending += Number(row.pending)
        stats.failed += Number(row.failed)
        stats.superseded += Number(row.superseded)
      }
      for (const row of chunkRows.rows) entry(String(row.namespace)).chunks = Number(row.chunks)
      return [...byNamespace.values()].sort((a, b) =>
        a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : 0,
      )
    })
  }

  /** The repair queue with each row's stored reason, oldest first (the web inspector's repair page). */
  async repairQueue(options: { namespace?: string; limit?: number } = {}): Promise<RepairQueueEntry[]> {
    const ns = options.namespace === undefined ? undefined : checkNamespace(options.namespace)
    const limit = Math.min(1_000, Math.max(1, Math.floor(options.limit ?? 100)))
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query<Record<string, unknown>>(
        `SELECT namespace, id, content, embed_state, repair_attempts, next_attempt_at, leased_until,
           last_error, created_at
         FROM memories WHERE embed_state <> 'ok' AND ($1::text IS NULL OR namespace = $1)
         ORDER BY created_at, namespace, id LIMIT $2`,
        [ns ?? null, limit],
      )
      const date = (value: unknown) =>
        value === null || value === undefined ? null : new Date(value as string)
      return result.rows.map((row) => ({
        namespace: String(row.namespace),
        id: String(row.id),
        content: String(row.content),
        embedState: row.embed_state === 'failed' ? ('failed' as const) : ('pending' as const),
        attempts: Number(row.repair_attempts ?? 0),
        nextAttemptAt: date(row.next_attempt_at),
        leasedUntil: date(row.leased_until),
        lastError: row.last_error === null || row.last_error === undefined ? null : String(row.last_error),
        createdAt: date(row.created_at) ?? new Date(0),
      }))
    })
  }

  /** A memory's chunk texts in order (empty when it has none or is missing from the namespace). */
  async chunksOf(namespace: string, id: string): Promise<Array<{ idx: number; text: string }>> {
    const ns = checkNamespace(namespace)
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query<{ idx: number; text: string }>(
        'SELECT idx, text FROM memory_chunks WHERE namespace = $1 AND memory_id = $2 ORDER BY idx',
        [ns, id],
      )
      return result.rows.map((row) => ({ idx: Number(row.idx), text: String(row.text) }))
    })
  }

  /** Bytes on disk of the store's tables and their indexes (for `agent-memory stats`). */
  async storageBytes(): Promise<number> {
    return this.#executor.transaction(async (sql) => {
      const result = await sql.query<{ bytes: string | number }>(
        `SELECT (pg_total_relation_size('memories') + pg_total_relation_size('memory_chunks')
          + pg_total_relation_size('agent_memory_meta'))::bigint AS bytes`,
      )
      return Number(result.rows[0]?.bytes ?? 0)
    })
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#executor.close()
    await this.#onClose?.()
  }
}
