import type { PGlite } from '@electric-sql/pglite'
import type { ClusterCacheFile } from './ClusterCacheFile.js'
import { clusterFilesOnly } from './clusterFilesOnly.js'

/**
 * A pristine PostgreSQL cluster for the next fresh store (in memory, or an empty data directory)
 * to load instead of running initdb again. PGlite runs initdb in wasm for every fresh cluster:
 * about 3 s of a 3.3 s in-memory open on a 2-core machine (5.5 s into a directory), where loading
 * the 40 MB tarball takes 1 s (0.6 s with 16 MB `sharedBuffers`).
 *
 * The copy is taken right after initdb, before migrations touch the cluster, and of a data
 * directory it keeps the cluster's files alone (`clusterFilesOnly`: never the store's lock), so it
 * holds nothing of any store. It goes to the machine's cache (`ClusterCacheFile`) at the first
 * initdb, and every later process of this user with the same PGlite loads it: a machine pays for
 * initdb once. Without a usable cache directory it stays in this process, taken once the process
 * has created two clusters (a process that opens one store never pays the ~0.5 s of dumping; a
 * test suite that opens dozens pays once and keeps the 40 MB).
 */
export class FreshClusterTemplate {
  #initdbs = 0
  #loads = 0
  #tarball: Blob | undefined

  /**
   * The pristine cluster to load: this process's copy, else the machine's, else none. The
   * machine's is read again for each fresh store (0.1–0.25 s for 40 MB) until this process loads
   * it a second time, then held like a copy of its own.
   */
  async tarball(cache: ClusterCacheFile | undefined): Promise<Blob | undefined> {
    if (this.#tarball !== undefined) return this.#tarball
    const filed = await cache?.read()
    if (filed === undefined) return undefined
    const blob = new Blob([filed], { type: 'application/x-tar' })
    this.#loads += 1
    if (this.#loads >= 2) this.#tarball = blob
    return blob
  }

  /**
   * Called with a cluster initdb has just created (nothing else has run on it yet). A copy that
   * fails costs nothing but the next initdb: the open it happened in goes on.
   */
  async created(db: PGlite, cache: ClusterCacheFile | undefined): Promise<void> {
    this.#initdbs += 1
    if (this.#tarball !== undefined) return
    const filing = cache !== undefined && (await cache.writable())
    if (!filing && this.#initdbs < 2) return
    const dump = await db.dumpDataDir('none').catch(() => undefined)
    const cluster = dump && clusterFilesOnly(new Uint8Array(await dump.arrayBuffer()))
    if (cluster === undefined) return
    // Filed on disk, it is read again when needed rather than held; kept here only when it cannot be.
    if (filing && (await cache.write(cluster))) return
    if (this.#initdbs >= 2) this.#tarball = new Blob([cluster], { type: 'application/x-tar' })
  }

  /** Forgets a copy that would not boot (this process's and the machine's). */
  async discard(cache: ClusterCacheFile | undefined): Promise<void> {
    this.#tarball = undefined
    await cache?.remove()
  }
}
