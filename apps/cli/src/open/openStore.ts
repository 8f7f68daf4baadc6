import { DimensionMismatchError, StoreError } from '@agent-memory/core'
import type { PgVectorStore } from '@agent-memory/store-pgvector'
import { CliFailure } from '../cli/CliFailure.js'
import type { StoreTarget } from '../config/CliConfig.js'
import { redactUrl } from '../config/redactUrl.js'
import { openEmbedded } from './openEmbedded.js'

export interface OpenStoreOptions {
  /** Omitted: the recorded model is not checked (reembed reads it first). */
  model?: string
  dimensions: number
  /** PostgreSQL: apply migrations first (the embedded store always migrates on open). */
  migrate?: boolean
  /** PostgreSQL with `migrate`: hash-partition the tables by namespace (`migrate({ partitions })`). */
  partitions?: number
  /** Embedded: serve the directory to other local processes while this one holds it. */
  serve?: boolean
  /** Embedded: searches many times (see `OpenOptions.searchesOften`): in-process indexes pay off. */
  searchesOften?: boolean
  /** Embedded: a command that runs a few statements and exits (see `OpenOptions.brief`). */
  brief?: boolean
  /** Diagnostics (which way the store was reached), printed under --debug. */
  log?: (line: string) => void
  /** Problems that do not stop the command (the store could not be served). */
  warn?: (line: string) => void
  /** Only reads: an embedded directory this user may not write opens as a read-only snapshot. */
  readsOnly?: boolean
}

export interface OpenedStore {
  store: PgVectorStore
  description: string
  close(): Promise<void>
  /** Embedded: the process whose store server this command uses (it did not open the files). */
  servedBy?: string
  /** Embedded with `serve`: other local processes can reach the store through this one. */
  serving?: boolean
  /** Rewords a failure for this way of reaching the store (a store server that went away). */
  explainFailure?: (error: unknown) => unknown
}

function describeEmbedder(side: { model?: string; dimensions: number }): string {
  return side.model === undefined
    ? `${side.dimensions}-dimensional vectors`
    : `${side.model} (${side.dimensions} dimensions)`
}

/**
 * The store's mismatch error, reworded for the command line: what the store holds, what this
 * command was configured with, and the command that switches (the library's text names `migrate()`).
 */
function explainMismatch(error: DimensionMismatchError): DimensionMismatchError {
  return new DimensionMismatchError(
    error.recorded,
    error.given,
    `embedder mismatch: the store holds ${describeEmbedder(error.recorded)} but this command embeds with ` +
      `${describeEmbedder(error.given)}; run \`agent-memory reembed\` with the new embedder settings to re-embed ` +
      'everything, or use the embedder the store records',
  )
}

/** Connection failures name the database without its password, and say what to check. */
function explainPostgresFailure(error: unknown, url: string): unknown {
  if (DimensionMismatchError.isInstance(error)) return explainMismatch(error)
  const where = redactUrl(url)
  if (
    StoreError.isInstance(error) &&
    (error.kind === 'permission' || error.kind === 'configuration' || error.kind === 'resources')
  ) {
    // Already one sentence saying what to do; name the database it is about.
    return new StoreError(error.kind, `${error.message} (database ${where})`, {
      ...(error.code === undefined ? {} : { code: error.code }),
      ...(error.detail === undefined ? {} : { detail: error.detail }),
    })
  }
  if (StoreError.isInstance(error) && /tables are missing/.test(error.message)) {
    return new CliFailure(
      `the database at ${where} has no agent-memory tables yet: run \`agent-memory init\` first`,
      {
        cause: error,
      },
    )
  }
  const code = (error as { code?: unknown }).code
  const connection =
    (StoreError.isInstance(error) && error.kind === 'connection') ||
    (typeof code === 'string' && /^(E[A-Z]+|08\w{3}|28\w{3}|3D000)$/.test(code)) ||
    error instanceof AggregateError
  if (connection) {
    const reason =
      error instanceof Error && error.message.trim() !== ''
        ? error.message
        : typeof code === 'string'
          ? code
          : 'connection failed'
    return new CliFailure(`cannot reach the database at ${where}: ${reason}`, {
      cause: error,
      reason: 'unreachable',
    })
  }
  return error
}

/**
 * Opens the embedded PGlite store (a data directory, migrated on open, exclusively locked) or
 * PostgreSQL (a pool the CLI owns and ends on close).
 */
export async function openStore(target: StoreTarget, options: OpenStoreOptions): Promise<OpenedStore> {
  const model = options.model === undefined ? {} : { model: options.model }
  if (target.kind === 'embedded') {
    return await openEmbedded(target.dataDir, options).catch((error: unknown) => {
      throw DimensionMismatchError.isInstance(error) ? explainMismatch(error) : error
    })
  }
  // Loaded here, not at the top: the embedded path (most runs) never needs node-postgres.
  const [{ createPgVectorStore, migrate }, { default: pg }] = await Promise.all([
    import('@agent-memory/store-pgvector'),
    import('pg'),
  ])
  const pool = new pg.Pool({ connectionString: target.url, max: 4, connectionTimeoutMillis: 10_000 })
  // Errors of idle clients must not crash the CLI before the store installs its own listener.
  pool.on('error', () => undefined)
  try {
    const schema = target.schema === undefined ? {} : { schema: target.schema }
    if (options.migrate === true) {
      const partitions = options.partitions === undefined ? {} : { partitions: options.partitions }
      await migrate(pool, { dimensions: options.dimensions, ...schema, ...partitions })
    }
    const store = await createPgVectorStore({ pool, dimensions: options.dimensions, ...model, ...schema })
    return {
      store,
      description: `PostgreSQL at ${redactUrl(target.url)}${target.schema === undefined ? '' : ` (schema ${target.schema})`}`,
      close: async () => {
        await store.close()
        await pool.end()
      },
    }
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw explainPostgresFailure(error, target.url)
  }
}
