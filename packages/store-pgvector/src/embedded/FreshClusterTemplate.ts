import type { PGlite } from '@electric-sql/pglite'
import { clusterFilesOnly } from './clusterFilesOnly.js'

/**
 * A pristine PostgreSQL cluster, kept once a process has created two, so that the next fresh
 * store (in memory, or an empty data directory) loads it instead of running initdb again. PGlite
 * runs initdb in wasm for every fresh cluster: about 3 s of a 3.3 s in-memory open on a 2-core
 * machine, where loading the 40 MB tarball takes 1 s (0.6 s with 16 MB `sharedBuffers`). A process
 * that opens one store, as the CLI's do, never pays for the copy; a test suite that opens dozens
 * pays once (dumping takes about 0.5 s) and keeps the 40 MB. The copy is taken before migrations
 * touch the cluster, and of a data directory it keeps the cluster's files alone (`clusterFilesOnly`:
 * never the store's lock), so it holds nothing of any store.
 */
export class FreshClusterTemplate {
  #initdbs = 0
  #tarball: Blob | undefined

  /** The pristine cluster to load, once there is one. */
  get tarball(): Blob | undefined {
    return this.#tarball
  }

  /**
   * Called with a cluster initdb has just created (nothing else has run on it yet). A copy that
   * fails costs nothing but the next initdb: the open it happened in goes on.
   */
  async created(db: PGlite): Promise<void> {
    this.#initdbs += 1
    if (this.#initdbs < 2 || this.#tarball !== undefined) return
    const dump = await db.dumpDataDir('none').catch(() => undefined)
    const cluster = dump && clusterFilesOnly(new Uint8Array(await dump.arrayBuffer()))
    if (cluster !== undefined) this.#tarball = new Blob([cluster], { type: 'application/x-tar' })
  }
}
