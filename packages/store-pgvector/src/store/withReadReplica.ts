import { InvalidArgumentError } from '@agent-memory/core'
import type { Executor } from '../sql/Executor.js'
import { loadPg } from '../sql/loadPg.js'
import { PoolExecutor } from '../sql/PoolExecutor.js'
import { ReplicaMonitor } from '../sql/ReplicaMonitor.js'
import { ReplicatedExecutor } from '../sql/ReplicatedExecutor.js'
import { toExecutor } from '../sql/toExecutor.js'
import type { CreatePgVectorStoreOptions } from './CreatePgVectorStoreOptions.js'
import { PGVECTOR_STORE_DEFAULTS } from './PGVECTOR_STORE_DEFAULTS.js'

/** How long the store's own replica pool waits for a connection before the read goes to the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value < 0) {
    throw new InvalidArgumentError(`readReplica.${name}`, `${name} must be a number >= 0`)
  }
  return value
}

/**
 * Puts a read replica (`readPool` or `readConnectionString`) beside the primary's executor.
 * node-postgres is loaded only to make the replica's own pool: an embedded store never loads it.
 */
export async function withReadReplica(
  primary: Executor,
  options: CreatePgVectorStoreOptions,
): Promise<Executor> {
  if (options.readPool !== undefined && options.readConnectionString !== undefined) {
    throw new InvalidArgumentError('readPool', 'pass at most one of readPool or readConnectionString')
  }
  if (!(primary instanceof PoolExecutor)) {
    throw new InvalidArgumentError(
      'readPool',
      'a read replica needs a PostgreSQL primary (pool or connectionString)',
    )
  }
  const settings = options.readReplica ?? {}
  const maxLagMs = nonNegative('maxLagMs', settings.maxLagMs, 5_000)
  const positionTtlMs = nonNegative('positionTtlMs', settings.positionTtlMs, 100)
  const retryMs = nonNegative('retryMs', settings.retryMs, 5_000)
  const onConnectionError = options.onConnectionError
  const common = {
    statementTimeoutMs: options.statementTimeoutMs ?? 30_000,
    preparedStatements: options.preparedStatements ?? PGVECTOR_STORE_DEFAULTS.preparedStatements,
    ...(options.schema === undefined ? {} : { schema: options.schema }),
    ...(onConnectionError === undefined ? {} : { onConnectionError }),
  }
  const replica =
    options.readPool !== undefined
      ? toExecutor(options.readPool, common)
      : new PoolExecutor(
          new (await loadPg()).Pool({
            connectionString: options.readConnectionString,
            max: options.maxConnections ?? 10,
            connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
          }),
          { ...common, ownsPool: true, copy: false },
        )
  const monitor = new ReplicaMonitor(replica, {
    maxLagMs,
    positionTtlMs,
    retryMs,
    onError: (error) => onConnectionError?.(error),
  })
  return new ReplicatedExecutor(primary, replica, monitor)
}
