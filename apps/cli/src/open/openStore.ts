import { DimensionMismatchError, StoreError } from '@agent-memory/core'
import { CliFailure } from '../cli/CliFailure.js'
import type { StoreTarget } from '../config/CliConfig.js'
import { redactUrl } from '../config/redactUrl.js'
import type { OpenedStore } from './OpenedStore.js'
import type { OpenStoreOptions } from './OpenStoreOptions.js'
import { openEmbedded } from './openEmbedded.js'

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
  const [{ createPgVectorStore, migrate, storeDistribution }, { default: pg }] = await Promise.all([
    import('@agent-memory/store-pgvector'),
    import('pg'),
  ])
  const pool = new pg.Pool({ connectionString: target.url, max: 4, connectionTimeoutMillis: 10_000 })
  // Errors of idle clients must not crash the CLI before the store installs its own listener.
  pool.on('error', () => undefined)
  try {
    const schema = target.schema === undefined ? {} : { schema: target.schema }
    // A store distributed by Citus (`init --citus`) is opened as one; every other command finds out.
    const distribute = options.citus === true ? 'citus' : await storeDistribution(pool, schema)
    const distributed = distribute === undefined ? {} : { distribute }
    if (options.migrate === true) {
      const partitions = options.partitions === undefined ? {} : { partitions: options.partitions }
      await migrate(pool, { dimensions: options.dimensions, ...schema, ...partitions, ...distributed })
    }
    const store = await createPgVectorStore({
      pool,
      dimensions: options.dimensions,
      ...model,
      ...schema,
      ...distributed,
    })
    return {
      store,
      description: `${distribute === undefined ? 'PostgreSQL' : 'Citus'} at ${redactUrl(target.url)}${target.schema === undefined ? '' : ` (schema ${target.schema})`}`,
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
