import type { PGlite } from '@electric-sql/pglite'
import { migrateWith } from '../migrate/migrate.js'
import { PgliteExecutor } from '../sql/PgliteExecutor.js'
import { PgVectorStore } from '../store/PgVectorStore.js'
import { DataDirLock } from './DataDirLock.js'
import { loadPglite } from './loadPglite.js'
import { PGLITE_EXACT_SEARCH_MAX_ROWS } from './PGLITE_EXACT_SEARCH_MAX_ROWS.js'
import { StoreSocketServer, type StoreSocketServerOptions } from './StoreSocketServer.js'

export interface OpenEmbeddedStoreOptions {
  /** Directory of the database files; `undefined` or `'memory://'` keeps everything in memory (tests). */
  dataDir?: string
  model?: string
  dimensions: number
  /**
   * Namespaces with at most this many rows are searched exactly; larger ones use HNSW. Default
   * 1,000 here (not PostgreSQL's 10,000): a distance in wasm costs several times more than
   * natively, so an exact scan of 10k rows takes ~40 ms on PGlite against ~5 ms through HNSW.
   */
  exactSearchMaxRows?: number
  /** Build the HNSW indexes (see `migrate`). Default true; bulk loads are faster without, indexing after. */
  annIndex?: boolean
  /** Close the store (and release the lock) on SIGINT/SIGTERM. Default true for a data directory. */
  handleSignals?: boolean
  /**
   * Also serve the store to other local processes (they open it with `connectEmbeddedStore`)
   * over the PostgreSQL wire protocol on an owner-only Unix socket in the data directory, while
   * this process stays the only one touching the files. A data directory only.
   */
  serve?: EmbeddedServeOptions
}

export interface EmbeddedServeOptions extends StoreSocketServerOptions {
  /**
   * The socket could not be created (path too long for the system, permissions). Given: the store
   * opens anyway without serving and the error lands here; omitted: opening fails with it.
   */
  onServeError?: (error: Error) => void
}

const openStores = new Set<PgVectorStore>()
const locks = new Set<DataDirLock>()
let signalsInstalled = false
let exitHookInstalled = false

function onSignal(signal: NodeJS.Signals): void {
  process.off('SIGINT', onSignal)
  process.off('SIGTERM', onSignal)
  signalsInstalled = false
  void Promise.allSettled([...openStores].map((store) => store.close())).then(() => {
    // With no other handler left, re-raise so the process ends the way the signal asks.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
  })
}

function releaseAllLocksSync(): void {
  for (const lock of locks) lock.release()
}

function installSignalHandlers(): void {
  if (signalsInstalled) return
  signalsInstalled = true
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
}

/**
 * The embedded default: PGlite with pgvector on a data directory (or in memory), migrated on
 * open and served by the same `PgVectorStore` code as PostgreSQL. An exclusive lock file keeps
 * a second process out (`LockedError` naming the holder); `close()` releases it, and so does
 * SIGINT/SIGTERM (the store closes, then the signal's default action runs) or process exit.
 */
export async function openEmbeddedStore(options: OpenEmbeddedStoreOptions): Promise<PgVectorStore> {
  const inMemory = options.dataDir === undefined || options.dataDir === 'memory://'
  // Before the lock: a missing optional package must not leave a lock file behind.
  const { PGlite, vector } = await loadPglite()
  const lock = inMemory ? undefined : DataDirLock.acquire(options.dataDir!)
  let db: PGlite | undefined
  let server: StoreSocketServer | undefined
  try {
    db = inMemory
      ? await PGlite.create({ extensions: { vector } })
      : await PGlite.create(options.dataDir!, { extensions: { vector } })
    const executor = new PgliteExecutor(db, { ownsDb: true })
    await migrateWith(executor, {
      dimensions: options.dimensions,
      ...(options.annIndex === undefined ? {} : { annIndex: options.annIndex }),
    })
    await executor.analyzeIfNeeded()
    if (options.serve !== undefined && !inMemory) {
      const serving = new StoreSocketServer(
        options.dataDir!,
        (work) => executor.exclusive(work),
        options.serve,
      )
      try {
        await serving.listen()
        server = serving
        executor.beforeClose = () => serving.close()
      } catch (error) {
        if (options.serve.onServeError === undefined) throw error
        options.serve.onServeError(error as Error)
      }
    }
    let store: PgVectorStore | undefined
    store = new PgVectorStore(
      executor,
      {
        dimensions: options.dimensions,
        ...(options.model === undefined ? {} : { model: options.model }),
        exactSearchMaxRows: options.exactSearchMaxRows ?? PGLITE_EXACT_SEARCH_MAX_ROWS,
      },
      async () => {
        if (store !== undefined) openStores.delete(store)
        if (lock !== undefined) {
          lock.release()
          locks.delete(lock)
        }
      },
    )
    await store.open()
    if (lock !== undefined) {
      locks.add(lock)
      if (!exitHookInstalled) {
        exitHookInstalled = true
        process.once('exit', releaseAllLocksSync)
      }
      if (options.handleSignals !== false) {
        openStores.add(store)
        installSignalHandlers()
      }
    }
    return store
  } catch (error) {
    await server?.close().catch(() => undefined)
    await db?.close().catch(() => undefined)
    lock?.release()
    throw error
  }
}
