import { DimensionMismatchError, InvalidArgumentError } from '@agent-memory/core'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { citusState } from '../citus/citusState.js'
import { distributeOnCitus } from '../citus/distributeOnCitus.js'
import { refuseDistributionMismatch } from '../citus/refuseDistributionMismatch.js'
import type { Executor } from '../sql/Executor.js'
import type { SqlRunner } from '../sql/SqlRunner.js'
import { type DatabaseHandle, toExecutor } from '../sql/toExecutor.js'
import { dropKeywordChangeLogTriggers } from '../store/keyword/dropKeywordChangeLogTriggers.js'
import { migrationsFolder } from './migrationsFolder.js'
import { partitionByNamespace } from './partitionByNamespace.js'
import { refuseNewerJournal } from './refuseNewerJournal.js'
import { schemaIsCurrent } from './schemaIsCurrent.js'

/** What `migrate` creates: the vector width, the schema, the global index and the partitions. */
export interface MigrateOptions {
  /** Width of the vector columns. Default 1536. */
  dimensions?: number
  /**
   * Also build one global HNSW index per vector table (serves a namespace holding at least half
   * the table: a single-tenant store after a bulk load). Default false, and an existing one is
   * dropped: every insert pays for a global index, while namespaces too large to scan exactly
   * get their own partial index at run time (`store.maintainVectorIndexes()`, or `autoIndex`).
   * Ignored above 2000 dimensions.
   */
  annIndex?: boolean
  /**
   * Schema for the store's tables (created if missing), e.g. when `public` already has a
   * `memories` table or the user may not create objects there. Default: the connection's
   * search path (usually `public`). Pass the same `schema` to `createPgVectorStore`.
   */
  schema?: string
  /**
   * Hash-partition `memories` and `memory_chunks` by namespace into this many parts (2..1024), for
   * a store with many namespaces large enough for their own index (`exactSearchMaxRows`): each such
   * index is a partial index, PostgreSQL opens every index of a table to plan or write a statement on
   * it, and split by namespace a statement opens only its partition's. Measured in W11 (`pnpm bench
   * --only W11`). Default: the tables stay as they are (plain when first created). Existing rows are
   * moved in one transaction that holds both tables exclusively; the per-namespace indexes are
   * built again by the next `maintainVectorIndexes`. The count is fixed once the tables are split
   * (asking for another is an error), and a later `migrate` without it leaves them split.
   */
  partitions?: number
  /**
   * `'citus'`: lay the store out on a Citus cluster (connect to its coordinator): every table keyed
   * by namespace distributed by `namespace` and co-located, the meta table a reference table, the
   * database settings the store needs set on every node (see docs/postgres.md, "Scale out on
   * Citus"). Ids are then unique per namespace (the same id may name one memory in each
   * namespace). Only on an empty store; idempotent. Open it with the same `distribute`. A store
   * migrated without it on a Citus database is refused by a later `migrate` without it, and the
   * reverse.
   */
  distribute?: 'citus'
}

const MIGRATE_LOCK = 1_634_625_902
const HNSW_MAX_DIMENSIONS = 2000

async function inTransaction(sql: SqlRunner, work: () => Promise<void>): Promise<void> {
  await sql.query('BEGIN')
  try {
    await work()
    await sql.query('COMMIT')
  } catch (error) {
    await sql.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

async function applyJournal(sql: SqlRunner): Promise<void> {
  await sql.query(`CREATE TABLE IF NOT EXISTS agent_memory_migrations (
    hash text PRIMARY KEY, created_at bigint NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`)
  const applied = await sql.query<{ last: string | null }>(
    'SELECT max(created_at)::text AS last FROM agent_memory_migrations',
  )
  const last = Number(applied.rows[0]?.last ?? -1)
  refuseNewerJournal(last)
  for (const migration of readMigrationFiles({ migrationsFolder })) {
    if (migration.folderMillis <= last) continue
    await inTransaction(sql, async () => {
      for (const statement of migration.sql) {
        if (statement.trim().length > 0) await sql.query(statement)
      }
      await sql.query('INSERT INTO agent_memory_migrations (hash, created_at) VALUES ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ])
    })
  }
}

/**
 * Retypes the vector columns to `dimensions` — only while no vector is stored and no other
 * dimension is recorded (`resetForReembed` clears both) — and creates or drops the global HNSW indexes.
 */
async function applyDimensions(sql: SqlRunner, dimensions: number, annIndex: boolean): Promise<void> {
  const column = await sql.query<{ typmod: number }>(
    "SELECT atttypmod AS typmod FROM pg_attribute WHERE attrelid = 'memories'::regclass AND attname = 'embedding'",
  )
  const current = Number(column.rows[0]?.typmod ?? -1)
  if (current !== dimensions) {
    const used = await sql.query<{ used: boolean }>(
      `SELECT (EXISTS (SELECT 1 FROM memories WHERE embedding IS NOT NULL)
        OR EXISTS (SELECT 1 FROM memory_chunks)) AS used`,
    )
    const meta = await sql.query<{ dimensions: number }>(
      'SELECT dimensions FROM agent_memory_meta WHERE id = 1',
    )
    const recorded = meta.rows[0] === undefined ? undefined : Number(meta.rows[0].dimensions)
    if (used.rows[0]?.used === true || (recorded !== undefined && recorded !== dimensions)) {
      throw new DimensionMismatchError(
        { dimensions: current },
        { dimensions },
        `the store is recorded for ${current}-dimensional vectors; migrate({ dimensions: ${dimensions} }) only retypes ` +
          'a store with no recorded embedder: switch with `agent-memory reembed` (resetForReembed() from code)',
      )
    }
    const storage = dimensions <= HNSW_MAX_DIMENSIONS ? 'PLAIN' : 'EXTERNAL'
    await inTransaction(sql, async () => {
      await sql.query('DROP INDEX IF EXISTS memories_embedding_hnsw')
      await sql.query('DROP INDEX IF EXISTS memory_chunks_embedding_hnsw')
      await sql.query(`ALTER TABLE memories ALTER COLUMN embedding TYPE vector(${dimensions})`)
      await sql.query(`ALTER TABLE memory_chunks ALTER COLUMN embedding TYPE vector(${dimensions})`)
      await sql.query(`ALTER TABLE memories ALTER COLUMN embedding SET STORAGE ${storage}`)
      await sql.query(`ALTER TABLE memory_chunks ALTER COLUMN embedding SET STORAGE ${storage}`)
    })
  }
  if (annIndex && dimensions <= HNSW_MAX_DIMENSIONS) {
    await sql.query(
      'CREATE INDEX IF NOT EXISTS memories_embedding_hnsw ON memories USING hnsw (embedding vector_cosine_ops)',
    )
    await sql.query(
      'CREATE INDEX IF NOT EXISTS memory_chunks_embedding_hnsw ON memory_chunks USING hnsw (embedding vector_cosine_ops)',
    )
  } else {
    await sql.query('DROP INDEX IF EXISTS memories_embedding_hnsw')
    await sql.query('DROP INDEX IF EXISTS memory_chunks_embedding_hnsw')
  }
}

/**
 * Creates the schema if it is missing. The `vector` extension goes where it would without one
 * (it exists once per database and several schemas share it), so it is created first.
 */
async function ensureSchema(sql: SqlRunner, schema: string): Promise<void> {
  const found = await sql.query<{ schema: boolean; vector: boolean }>(
    `SELECT to_regnamespace($1) IS NOT NULL AS schema,
       EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS vector`,
    [`"${schema}"`],
  )
  if (found.rows[0]?.schema === true) return
  if (found.rows[0]?.vector !== true) await sql.query('CREATE EXTENSION IF NOT EXISTS vector')
  await sql.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`)
}

/** `migrate` over an executor the caller already has (the store factories use it). */
export async function migrateWith(executor: Executor, options: MigrateOptions = {}): Promise<void> {
  const dimensions = options.dimensions ?? 1536
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new InvalidArgumentError('dimensions', 'dimensions must be an integer in 1..16000')
  }
  const annIndex = options.annIndex ?? false
  const partitions = options.partitions
  if (partitions !== undefined && (!Number.isInteger(partitions) || partitions < 2 || partitions > 1024)) {
    throw new InvalidArgumentError('partitions', 'partitions must be an integer in 2..1024')
  }
  const distribute = options.distribute
  if (distribute !== undefined && distribute !== 'citus') {
    throw new InvalidArgumentError('distribute', "distribute must be 'citus' or left out")
  }
  if (distribute !== undefined && (partitions !== undefined || executor.kind !== 'postgres')) {
    throw new InvalidArgumentError(
      'distribute',
      distribute === 'citus' && partitions !== undefined
        ? 'distribute and partitions do not go together: Citus splits the tables by namespace itself'
        : 'distribute needs a PostgreSQL connection to a Citus coordinator, not an embedded database',
    )
  }
  await executor.session(async (sql) => {
    const schema = await schemaIsCurrent(
      sql,
      dimensions,
      annIndex && dimensions <= HNSW_MAX_DIMENSIONS,
      partitions,
    )
    // Only a database with Citus installed (or asked to have it) pays for reading the layout.
    const citus = distribute === 'citus' || schema.citus ? await citusState(sql) : undefined
    refuseDistributionMismatch(citus, distribute, true)
    // The common case, every open of an existing store: nothing to do, and no lock to wait for.
    // A store distributed by an older version may lack a replica identity: laid out again below.
    if (schema.current && (distribute === undefined || (citus?.complete === true && citus.movable))) return
    // Two processes migrating at once (two app instances starting) take turns.
    const locking = executor.kind === 'postgres'
    if (locking) await sql.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATE_LOCK])
    try {
      if (executor.schema !== undefined) await ensureSchema(sql, executor.schema)
      await applyJournal(sql)
      await applyDimensions(sql, dimensions, annIndex)
      // One process owns a PGlite database: no one follows the PostgreSQL keyword change log there.
      if (executor.kind === 'pglite') await inTransaction(sql, () => dropKeywordChangeLogTriggers(sql))
      if (partitions !== undefined) await inTransaction(sql, () => partitionByNamespace(sql, partitions))
      if (distribute === 'citus') await inTransaction(sql, () => distributeOnCitus(sql))
    } finally {
      if (locking)
        await sql.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATE_LOCK]).catch(() => undefined)
    }
  })
}

/**
 * Applies the committed drizzle-kit migrations (the first creates the `vector` extension),
 * then sizes the vector columns and HNSW indexes for `dimensions`. Idempotent, and safe when
 * several processes call it at once on PostgreSQL (an advisory lock serializes them).
 */
export async function migrate(db: DatabaseHandle, options: MigrateOptions = {}): Promise<void> {
  const executor = toExecutor(db, {
    statementTimeoutMs: 0,
    ...(options.schema === undefined ? {} : { schema: options.schema }),
  })
  try {
    await migrateWith(executor, options)
  } finally {
    await executor.close()
  }
}
