import { InvalidArgumentError } from '@agent-memory/core'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import type { Executor } from './Executor.js'
import { PgliteExecutor } from './PgliteExecutor.js'
import { PoolExecutor } from './PoolExecutor.js'

/** What the store and `migrate` accept: a node-postgres pool, a PGlite instance, or a drizzle db over either. */
export type DatabaseHandle = pg.Pool | PGlite | { $client: pg.Pool | PGlite }

/** By shape, not `instanceof`: PGlite is an optional peer that a Postgres-only install lacks. */
function isPglite(value: unknown): value is PGlite {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PGlite).exec === 'function' &&
    typeof (value as PGlite).transaction === 'function' &&
    'dataDir' in value
  )
}

function isPool(value: unknown): value is pg.Pool {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as pg.Pool).connect === 'function' &&
    typeof (value as pg.Pool).end === 'function' &&
    'totalCount' in value
  )
}

/** Wraps a caller's handle; the executor never ends it (`ownsDb`/`ownsPool` false). */
export function toExecutor(
  handle: DatabaseHandle,
  options: {
    statementTimeoutMs: number
    onConnectionError?: (error: Error) => void
    schema?: string
    preparedStatements?: boolean
  },
): Executor {
  const client =
    typeof handle === 'object' && handle !== null && '$client' in handle ? handle.$client : handle
  const schema = options.schema === undefined ? {} : { schema: options.schema }
  if (isPglite(client)) return new PgliteExecutor(client, { ownsDb: false, ...schema })
  if (isPool(client)) {
    return new PoolExecutor(client, {
      statementTimeoutMs: options.statementTimeoutMs,
      ownsPool: false,
      ...(options.preparedStatements === undefined ? {} : { preparedStatements: options.preparedStatements }),
      ...schema,
      ...(options.onConnectionError === undefined ? {} : { onConnectionError: options.onConnectionError }),
    })
  }
  throw new InvalidArgumentError(
    'db',
    'expected a pg.Pool, a PGlite instance or a drizzle db over one of them',
  )
}
