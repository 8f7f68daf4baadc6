import { InvalidArgumentError } from '@agent-memory/core'
import { migrateWith } from '../migrate/migrate.js'
import type { Executor } from '../sql/Executor.js'
import { loadPg } from '../sql/loadPg.js'
import { PgliteExecutor } from '../sql/PgliteExecutor.js'
import { PoolExecutor } from '../sql/PoolExecutor.js'
import { toExecutor } from '../sql/toExecutor.js'
import type { CreatePgVectorStoreOptions } from './CreatePgVectorStoreOptions.js'
import { PGVECTOR_STORE_DEFAULTS } from './PGVECTOR_STORE_DEFAULTS.js'
import { PgVectorStore } from './PgVectorStore.js'
import { withReadReplica } from './withReadReplica.js'

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
  // A distributed table's plans are Citus's to make and cache: its statements stay unnamed.
  const preparedStatements =
    options.distribute === undefined &&
    (options.preparedStatements ?? PGVECTOR_STORE_DEFAULTS.preparedStatements)
  let executor: Executor
  if (options.connectionString !== undefined) {
    const pool = new (await loadPg()).Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? PGVECTOR_STORE_DEFAULTS.maxConnections,
    })
    executor = new PoolExecutor(pool, {
      statementTimeoutMs,
      preparedStatements,
      ownsPool: true,
      ...schema,
      ...(onConnectionError === undefined ? {} : { onConnectionError }),
    })
  } else {
    executor = toExecutor((options.pool ?? options.db)!, {
      statementTimeoutMs,
      preparedStatements,
      ...schema,
      ...(onConnectionError === undefined ? {} : { onConnectionError }),
    })
  }
  try {
    // Inside the try: a replica refused (bad options) still closes the primary's pool made above.
    if (options.readPool !== undefined || options.readConnectionString !== undefined) {
      if (options.distribute !== undefined) {
        // Replica positions are one server's WAL; each Citus worker has its own.
        throw new InvalidArgumentError(
          'readPool',
          "a read replica compares one server's WAL positions and does not go with distribute: Citus routes to worker standbys itself (citus.use_secondary_nodes)",
        )
      }
      executor = await withReadReplica(executor, options)
    }
    if (options.distribute !== undefined && executor instanceof PoolExecutor)
      executor.propagatesSettings = true
    if (options.migrate ?? PGVECTOR_STORE_DEFAULTS.migrate)
      await migrateWith(executor, {
        dimensions: options.dimensions,
        ...(options.distribute === undefined ? {} : { distribute: options.distribute }),
      })
    // A caller's PGlite has no autovacuum either: collect statistics it never got (see PgliteExecutor).
    if (executor instanceof PgliteExecutor) await executor.analyzeIfNeeded()
    return await new PgVectorStore(executor, options).open()
  } catch (error) {
    await executor.close().catch(() => undefined)
    throw error
  }
}
