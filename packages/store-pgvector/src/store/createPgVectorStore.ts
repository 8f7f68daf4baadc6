import { InvalidArgumentError } from '@agent-memory/core'
import type pg from 'pg'
import { migrateWith } from '../migrate/migrate.js'
import type { Executor } from '../sql/Executor.js'
import { loadPg } from '../sql/loadPg.js'
import { PgliteExecutor } from '../sql/PgliteExecutor.js'
import { PoolExecutor } from '../sql/PoolExecutor.js'
import type { ReadReplicaOptions } from '../sql/ReadReplicaOptions.js'
import { type DatabaseHandle, toExecutor } from '../sql/toExecutor.js'
import { PGVECTOR_STORE_DEFAULTS } from './PGVECTOR_STORE_DEFAULTS.js'
import { PgVectorStore } from './PgVectorStore.js'
import type { PgVectorStoreOptions } from './PgVectorStoreOptions.js'
import { withReadReplica } from './withReadReplica.js'

/** How `createPgVectorStore` connects (a URL, your `pg.Pool` or a Drizzle database) and the store settings. */
export interface CreatePgVectorStoreOptions extends PgVectorStoreOptions {
  /** A node-postgres pool the caller owns (never ended by the store). */
  pool?: pg.Pool
  /** A drizzle db (node-postgres or PGlite) or a PGlite instance the caller owns. */
  db?: DatabaseHandle
  /** Connection string: the store creates (and on close ends) its own pool. */
  connectionString?: string
  /** Pool size when the store creates the pool. Default 10. */
  maxConnections?: number
  /** `SET LOCAL statement_timeout` for every transaction on PostgreSQL. Default 30 s; 0 disables. */
  statementTimeoutMs?: number
  /** Run `migrate({ dimensions })` before opening. Default false: migrations are an explicit step. */
  migrate?: boolean
  /**
   * Schema holding the store's tables (see `migrate`'s `schema`); default: the connection's
   * search path, usually `public`. Every transaction puts it first on the search path.
   */
  schema?: string
  /** Called with connection errors that happen outside a call (an idle connection reset), and with a read replica's failures. */
  onConnectionError?: (error: Error) => void
  /**
   * A streaming read replica's pool (the caller owns it): reads of a namespace go there unless this
   * store wrote that namespace after the replica's replayed position. Writes never do. PostgreSQL only.
   */
  readPool?: pg.Pool
  /** A read replica's connection string: the store creates (and on close ends) its pool. */
  readConnectionString?: string
  /** How reads choose between the replica and the primary (see `ReadReplicaOptions`). */
  readReplica?: ReadReplicaOptions
}

/**
 * Opens a `PgVectorStore` on PostgreSQL + pgvector (or PGlite through `db`), checking the
 * schema and the recorded embedder (`DimensionMismatchError` when they differ).
 */
export async function createPgVectorStore(options: CreatePgVectorStoreOptions): Promise<PgVectorStore> {
  const sources = [options.pool, options.db, options.connectionString].filter(
    (source) => source !== undefined,
  )
  if (sources.length !== 1) {
    throw new InvalidArgumentError('pool', 'pass exactly one of pool, db or connectionString')
  }
  const statementTimeoutMs = options.statementTimeoutMs ?? PGVECTOR_STORE_DEFAULTS.statementTimeoutMs
  const onConnectionError = options.onConnectionError
  const schema = options.schema === undefined ? {} : { schema: options.schema }
  let executor: Executor
  if (options.connectionString !== undefined) {
    const pool = new (await loadPg()).Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? PGVECTOR_STORE_DEFAULTS.maxConnections,
    })
    executor = new PoolExecutor(pool, {
      statementTimeoutMs,
      ownsPool: true,
      ...schema,
      ...(onConnectionError === undefined ? {} : { onConnectionError }),
    })
  } else {
    executor = toExecutor((options.pool ?? options.db)!, {
      statementTimeoutMs,
      ...schema,
      ...(onConnectionError === undefined ? {} : { onConnectionError }),
    })
  }
  try {
    // Inside the try: a replica refused (bad options) still closes the primary's pool made above.
    if (options.readPool !== undefined || options.readConnectionString !== undefined) {
      executor = await withReadReplica(executor, options)
    }
    if (options.migrate ?? PGVECTOR_STORE_DEFAULTS.migrate)
      await migrateWith(executor, { dimensions: options.dimensions })
    // A caller's PGlite has no autovacuum either: collect statistics it never got (see PgliteExecutor).
    if (executor instanceof PgliteExecutor) await executor.analyzeIfNeeded()
    return await new PgVectorStore(executor, options).open()
  } catch (error) {
    await executor.close().catch(() => undefined)
    throw error
  }
}
