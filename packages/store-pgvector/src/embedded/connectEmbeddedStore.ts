import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { loadPg } from '../sql/loadPg.js'
import { PoolExecutor } from '../sql/PoolExecutor.js'
import { PgVectorStore } from '../store/PgVectorStore.js'
import { DataDirLock, type LockOwner } from './DataDirLock.js'
import { PGLITE_EXACT_SEARCH_MAX_ROWS } from './PGLITE_EXACT_SEARCH_MAX_ROWS.js'
import { storeSocketPath } from './storeSocketPath.js'

/** Which served data directory `connectEmbeddedStore` reaches, and with which embedder. */
export interface ConnectEmbeddedStoreOptions {
  dataDir: string
  model?: string
  dimensions: number
  /**
   * How long to wait for the server to accept the connection. The server takes one client at a
   * time, so this includes waiting for a turn behind the others (each bounded by the server's hold
   * timeout). Default 30 s.
   */
  connectTimeoutMs?: number
  /** Errors of the connection outside a call (the server went away while idle). */
  onConnectionError?: (error: Error) => void
}

/** A store reached through the process that serves an embedded data directory. */
export interface ConnectedEmbeddedStore {
  store: PgVectorStore
  socketPath: string
  /** The serving process as its lock file records it. */
  server: LockOwner | undefined
}

const REFUSED = new Set(['ENOENT', 'ECONNREFUSED', 'ENOTSOCK', 'ECONNRESET'])

/**
 * Opens the store of an embedded data directory through the process that holds it and serves it
 * (`openEmbeddedStore({ serve })`): the same `PgVectorStore` code over node-postgres on the
 * server's Unix socket, one connection (PGlite is one session; the server takes turns). Resolves
 * to `undefined` when nobody serves the directory (no socket, or a stale one that refuses), so the
 * caller can open the directory itself.
 *
 * If the server dies mid-call, the call fails with a connection `StoreError`: transactions the
 * server had not committed are rolled back with it (PGlite never saw their COMMIT), committed ones stay.
 */
export async function connectEmbeddedStore(
  options: ConnectEmbeddedStoreOptions,
): Promise<ConnectedEmbeddedStore | undefined> {
  const socketPath = storeSocketPath(options.dataDir)
  if (!existsSync(socketPath)) return undefined
  const pool = new (await loadPg()).Pool({
    host: dirname(socketPath),
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // A connection's startup is answered in the client's turn at the store, so under load it can
    // wait as long as the clients ahead of it hold their turns: a network-style 5 s fails a call the
    // server would have served.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 30_000,
    // The one connection is kept while idle: reconnecting would queue for a turn again.
    idleTimeoutMillis: 0,
  })
  // An idle connection reset (the server stopped) must not crash the caller.
  pool.on('error', (error) => options.onConnectionError?.(error))
  try {
    const client = await pool.connect()
    client.release()
  } catch (error) {
    await pool.end().catch(() => undefined)
    if (REFUSED.has((error as NodeJS.ErrnoException).code ?? '')) return undefined
    throw error
  }
  const executor = new PoolExecutor(pool, {
    // PGlite runs no timers of its own; a wait is bounded by the server's turn timeout instead.
    statementTimeoutMs: 0,
    ownsPool: true,
    copy: false,
    ...(options.onConnectionError === undefined ? {} : { onConnectionError: options.onConnectionError }),
  })
  try {
    const store = await new PgVectorStore(executor, {
      dimensions: options.dimensions,
      ...(options.model === undefined ? {} : { model: options.model }),
      exactSearchMaxRows: PGLITE_EXACT_SEARCH_MAX_ROWS,
      // Index builds belong to the process that owns the data directory (or `agent-memory maintain`).
      autoIndex: false,
    }).open()
    return { store, socketPath, server: DataDirLock.holder(options.dataDir) }
  } catch (error) {
    await executor.close().catch(() => undefined)
    throw error
  }
}
