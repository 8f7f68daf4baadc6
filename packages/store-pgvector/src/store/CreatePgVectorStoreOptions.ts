import type pg from 'pg'
import type { ReadReplicaOptions } from '../sql/ReadReplicaOptions.js'
import type { DatabaseHandle } from '../sql/toExecutor.js'
import type { PgVectorStoreOptions } from './PgVectorStoreOptions.js'

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
  /**
   * Run a recall's statements as server-side prepared statements where the namespace is small
   * enough to be scanned exactly (parsed and mostly planned once per connection instead of on
   * every search). Default true; not with `distribute`. Behind a transaction-mode pooler that
   * cannot keep them (PgBouncer before 1.21, or its `max_prepared_statements = 0`) the store
   * stops at the first one lost (that search runs again unprepared; `onConnectionError` hears
   * of it); `false` skips even that.
   */
  preparedStatements?: boolean
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
