import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { StoreError } from '@agent-memory/core'
import type { PGlite } from '@electric-sql/pglite'
import { migrateWith } from '../migrate/migrate.js'
import { PgliteExecutor } from '../sql/PgliteExecutor.js'
import { RowChangeFollower } from '../store/changes/RowChangeFollower.js'
import type { InProcessIndexes } from '../store/context/InProcessIndexes.js'
import { disableKeywordStatistics } from '../store/keyword/disableKeywordStatistics.js'
import { installKeywordChangeLog } from '../store/keyword/installKeywordChangeLog.js'
import { KeywordIndex } from '../store/keyword/KeywordIndex.js'
import { PgVectorStore } from '../store/PgVectorStore.js'
import { VectorIndex } from '../store/vectors/VectorIndex.js'
import { accessDenied } from './accessDenied.js'
import { ClusterCacheFile } from './ClusterCacheFile.js'
import { checkClusterCache } from './checkClusterCache.js'
import { checkDiskSpace } from './checkDiskSpace.js'
import { checkSharedBuffers } from './checkSharedBuffers.js'
import { clusterCacheDir } from './clusterCacheDir.js'
import { copyToSnapshot } from './copyToSnapshot.js'
import { DataDirLock } from './DataDirLock.js'
import { FreshClusterTemplate } from './FreshClusterTemplate.js'
import { firstUnwritable } from './firstUnwritable.js'
import { loadPglite } from './loadPglite.js'
import { PGLITE_EXACT_SEARCH_MAX_ROWS } from './PGLITE_EXACT_SEARCH_MAX_ROWS.js'
import { pgliteVersion } from './pgliteVersion.js'
import { removeClusterFiles } from './removeClusterFiles.js'
import { StoreSocketServer, type StoreSocketServerOptions } from './StoreSocketServer.js'

/** Where `openEmbeddedStore` keeps its data, and how it boots and serves it. */
export interface OpenEmbeddedStoreOptions {
  /** Directory of the database files; `undefined` or `'memory://'` keeps everything in memory (tests). */
  dataDir?: string
  model?: string
  dimensions: number
  /**
   * For the SQL vector path (`inProcessSearch: false`, or a namespace too large for the
   * in-process index): namespaces with at most this many rows are scanned exactly; larger ones
   * use their HNSW index once `maintainVectorIndexes` built one. Default 1,000 here: a distance in
   * wasm costs several times more than natively (an exact scan of 10k rows takes ~40 ms in PGlite).
   */
  exactSearchMaxRows?: number
  /**
   * Also build a global HNSW index per vector table (see `migrate`). Default false: every insert
   * would pay for it; a namespace above `exactSearchMaxRows` gets its own index from
   * `store.maintainVectorIndexes()` (`agent-memory maintain`), best called after a bulk load.
   */
  annIndex?: boolean
  /**
   * Answer the keyword leg and the memory-vector leg from in-process indexes (default true): a
   * namespace is loaded on its first search (~0.2–1.7 s at 10k memories) and then searched
   * exactly in JS (`memory_search` over 10k memories at 512 dimensions took 2.2× less time than
   * with both legs in SQL in W6; at 1,536 dimensions the vector scan is bound by memory bandwidth
   * and no faster than PGlite's own (1.25× slower in W4)). Kept in step
   * with every writer through a change log the open installs. `false` runs both legs in SQL: the
   * cheaper choice for a process that searches once and exits (the CLI's one-shot commands).
   */
  inProcessSearch?: boolean
  /** Close the store (and release the lock) on SIGINT/SIGTERM. Default true for a data directory. */
  handleSignals?: boolean
  /**
   * What to do when this user may read the data directory but not write it (or its files):
   * `'fail'` (default) throws a `StoreError` saying how to fix it; `'read-only'` opens a private
   * snapshot where reads work and every write fails with a `StoreError` saying why.
   */
  whenNotWritable?: 'fail' | 'read-only'
  /**
   * Also serve the store to other local processes (they open it with `connectEmbeddedStore`)
   * over the PostgreSQL wire protocol on an owner-only Unix socket in the data directory, while
   * this process stays the only one touching the files. A data directory only (not a snapshot).
   */
  serve?: EmbeddedServeOptions
  /**
   * PostgreSQL's `shared_buffers` for this open, with its unit (`'16MB'`); default PGlite's 128 MB.
   * PGlite clears the whole pool on every boot: at 128 MB that is about 0.4 s of a 1 s open on a
   * 2-core machine (0.1 s at 16 MB). A process that runs a few statements and exits reads each page
   * once and gains nothing from a large pool (the CLI's one-shot commands open with 32 MB); one that
   * stays up and searches again keeps its working set in it.
   */
  sharedBuffers?: string
  /**
   * Open-time upkeep meant for the processes that write (default true): the keyword-statistics
   * triggers turned off (see `disableKeywordStatistics`), and repair leases that a killed process
   * left behind released. A process that reads, searches and exits (the CLI's one-shot reads)
   * passes `false` and skips both statements: neither changes what it reads, and the next open
   * that keeps them does them.
   */
  upkeepOnOpen?: boolean
  /**
   * Where a pristine cluster is kept for every later fresh store of this user on this machine
   * (`false`: nowhere). A fresh store (in memory, or a new data directory) otherwise runs initdb in
   * wasm: 3.3 s in memory, 5.5 s into a directory, on a 2-core machine; loading the copy takes
   * about 1 s. The first initdb files the copy (40 MB, owner-only) under its PGlite version; a
   * copy that is another user's, writable by others, or will not boot is never used. Default:
   * `AGENT_MEMORY_CACHE_DIR` (empty: nowhere), else the platform's cache directory under
   * `agent-memory` (`~/.cache/agent-memory` on Linux).
   */
  clusterCache?: string | false
}

/** Serving an embedded data directory to other local processes over a Unix socket. */
export interface EmbeddedServeOptions extends StoreSocketServerOptions {
  /**
   * The socket could not be created (path too long for the system, permissions). Given: the store
   * opens anyway without serving and the error lands here; omitted: opening fails with it.
   */
  onServeError?: (error: Error) => void
}

const openStores = new Set<PgVectorStore>()
const freshClusters = new FreshClusterTemplate()
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

const snapshots = new Set<string>()

function releaseAllLocksSync(): void {
  for (const lock of locks) lock.release()
  for (const snapshot of snapshots) rmSync(snapshot, { recursive: true, force: true })
}

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', releaseAllLocksSync)
}

function installSignalHandlers(): void {
  if (signalsInstalled) return
  signalsInstalled = true
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
}

interface Opening {
  /** The directory PGlite opens; `undefined`: in memory. */
  dir: string | undefined
  lock?: DataDirLock
  /** A snapshot of a read-only data directory: its writes fail with this sentence; removed on close. */
  snapshotOf?: string
}

/** The machine's pristine-cluster copy for this open (`OpenEmbeddedStoreOptions.clusterCache`). */
function clusterCacheFile(option: string | false | undefined): ClusterCacheFile | undefined {
  if (option === false) return undefined
  const dir = option ?? clusterCacheDir()
  const version = pgliteVersion()
  return dir === undefined || version === undefined ? undefined : new ClusterCacheFile(dir, version)
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && /^Aborted\(\)/.test(error.message)
}

function notWritable(dataDir: string, code: string, what: string): StoreError {
  return new StoreError(
    'permission',
    `${what} in the data directory ${dataDir} is not writable by this user: make it writable ` +
      `(chmod -R u+w ${dataDir}, or run as its owner) or use another data directory`,
    { code },
  )
}

async function openOn(opening: Opening, options: OpenEmbeddedStoreOptions): Promise<PgVectorStore> {
  const { dir, lock, snapshotOf } = opening
  const { PGlite, vector } = await loadPglite()
  let db: PGlite | undefined
  let server: StoreSocketServer | undefined
  // A cluster is fresh in memory or in a directory initdb has not filled (PG_VERSION is its mark).
  const fresh = dir === undefined || !existsSync(join(dir, 'PG_VERSION'))
  const cache = fresh ? clusterCacheFile(options.clusterCache) : undefined
  const template = fresh ? await freshClusters.tarball(cache) : undefined
  const create = (loadDataDir?: Blob) => {
    const boot = {
      extensions: { vector },
      ...(options.sharedBuffers === undefined
        ? {}
        : { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] }),
      ...(loadDataDir === undefined ? {} : { loadDataDir }),
    }
    return dir === undefined ? PGlite.create(boot) : PGlite.create(dir, boot)
  }
  try {
    if (template !== undefined) {
      db = await create(template).catch(async () => {
        // A copy that will not boot is dropped, with what it left in the directory; initdb takes over.
        await freshClusters.discard(cache)
        if (dir !== undefined) removeClusterFiles(dir)
        return undefined
      })
    }
    if (db === undefined) {
      db = await create()
      if (fresh) await freshClusters.created(db, cache)
    }
    const readOnly =
      snapshotOf === undefined
        ? {}
        : {
            readOnly:
              `the data directory ${snapshotOf} is read-only for this user, so it was opened for reading only: ` +
              `make it writable (chmod -R u+w ${snapshotOf}, or run as its owner) to change memories`,
          }
    const diskDir = snapshotOf === undefined ? dir : undefined
    const executor = new PgliteExecutor(db, {
      ownsDb: true,
      ...readOnly,
      ...(diskDir === undefined ? {} : { beforeWrite: () => checkDiskSpace(diskDir) }),
    })
    await migrateWith(executor, {
      dimensions: options.dimensions,
      ...(options.annIndex === undefined ? {} : { annIndex: options.annIndex }),
    })
    await executor.analyzeIfNeeded()
    const inProcessSearch = options.inProcessSearch !== false
    if (inProcessSearch) await installKeywordChangeLog(executor)
    // BM25 statistics maintained on write cost embedded ingest (W4 in one session: 1,940 rows/s
    // with them, 2,174 without) and serve no one here: the keyword leg is the in-process index,
    // or (one-shot commands) counts in SQL.
    const upkeep = options.upkeepOnOpen !== false
    if (snapshotOf === undefined && upkeep) await disableKeywordStatistics(executor)
    if (dir !== undefined && upkeep) {
      // Only the process holding the directory can lease rows for repair, so a lease found at
      // open was left by one that died (a killed `repair`): without this the rows would wait
      // out the lease (10 minutes) before anyone could repair them.
      await executor.session((sql) =>
        // Only pending rows are ever leased: the partial pending index finds them without
        // reading the whole table (a full scan was most of an open's time at 10k memories).
        sql.query(
          "UPDATE memories SET leased_until = NULL WHERE embed_state = 'pending' AND leased_until IS NOT NULL",
        ),
      )
    }
    if (options.serve !== undefined && lock !== undefined && dir !== undefined) {
      const serveOptions = options.serve
      const serving = new StoreSocketServer(dir, (work) => executor.exclusive(work), {
        ...serveOptions,
        onWrites: (writes) => {
          executor.countWrites(writes.changed, writes.dead)
          serveOptions.onWrites?.(writes)
        },
      })
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
        if (snapshotOf !== undefined && dir !== undefined) {
          rmSync(dir, { recursive: true, force: true })
          snapshots.delete(dir)
        }
      },
      inProcessSearch ? inProcessIndexes(options.dimensions, snapshotOf === undefined) : undefined,
    )
    await store.open()
    // Opening records the embedder; from here on the snapshot refuses every write.
    if (snapshotOf !== undefined) await db.query('SET default_transaction_read_only = on')
    if (lock !== undefined || snapshotOf !== undefined) {
      if (lock !== undefined) locks.add(lock)
      installExitHook()
      if (options.handleSignals !== false) {
        openStores.add(store)
        installSignalHandlers()
      }
    }
    return store
  } catch (error) {
    await server?.close().catch(() => undefined)
    await db?.close().catch(() => undefined)
    throw error
  }
}

function inProcessIndexes(dimensions: number, trimLog: boolean): InProcessIndexes {
  const changes = new RowChangeFollower({ trimLog })
  return { keyword: new KeywordIndex(changes), vector: new VectorIndex(dimensions, changes) }
}

async function openSnapshot(dataDir: string, options: OpenEmbeddedStoreOptions): Promise<PgVectorStore> {
  const dir = copyToSnapshot(dataDir, DataDirLock.liveHolder(dataDir))
  snapshots.add(dir)
  installExitHook()
  try {
    return await openOn({ dir, snapshotOf: dataDir }, options)
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    snapshots.delete(dir)
    throw error
  }
}

/**
 * The embedded default: PGlite with pgvector on a data directory (or in memory), migrated on
 * open and served by the same `PgVectorStore` code as PostgreSQL. An exclusive lock file keeps
 * a second process out (`LockedError` naming the holder); `close()` releases it, and so does
 * SIGINT/SIGTERM (the store closes, then the signal's default action runs) or process exit.
 *
 * A directory this user may not write is a `StoreError` of kind `permission` saying what to
 * change, or with `whenNotWritable: 'read-only'` a read-only snapshot of it. PGlite itself
 * only says "Aborted()" when a file is read-only, so that is checked and said in words.
 */
export async function openEmbeddedStore(options: OpenEmbeddedStoreOptions): Promise<PgVectorStore> {
  if (options.sharedBuffers !== undefined) checkSharedBuffers(options.sharedBuffers)
  if (options.clusterCache !== undefined) checkClusterCache(options.clusterCache)
  if (options.dataDir === undefined || options.dataDir === 'memory://') {
    return openOn({ dir: undefined }, options)
  }
  const dataDir = options.dataDir
  // Before the lock: a missing optional package must not leave a lock file behind.
  await loadPglite()
  const readOnlyFallback = options.whenNotWritable === 'read-only'
  let lock: DataDirLock
  try {
    lock = DataDirLock.acquire(dataDir)
  } catch (error) {
    const code = accessDenied(error)
    if (code === undefined) throw error
    if (!existsSync(dataDir)) {
      throw new StoreError(
        'permission',
        `the data directory ${dataDir} cannot be created by this user: create it with write access for this user, or use another data directory`,
        { code, detail: error instanceof Error ? error.message : String(error) },
      )
    }
    if (readOnlyFallback) return openSnapshot(dataDir, options)
    throw notWritable(dataDir, code, 'the lock file')
  }
  try {
    return await openOn({ dir: dataDir, lock }, options)
  } catch (error) {
    lock.release()
    if (!isAbort(error)) throw error
    const blocked = firstUnwritable(dataDir)
    if (blocked !== undefined) {
      if (readOnlyFallback) return openSnapshot(dataDir, options)
      throw notWritable(dataDir, 'EACCES', blocked === dataDir ? 'a file' : blocked)
    }
    throw new StoreError(
      'unknown',
      `the embedded database in ${dataDir} could not be opened (PGlite aborted): it may be damaged or written ` +
        'by an incompatible version; move the directory aside and restore a backup',
      { detail: (error as Error).message },
    )
  }
}
