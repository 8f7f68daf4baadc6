/** What `openStore` needs besides the target: the embedder to check against and how to open. */
export interface OpenStoreOptions {
  /** Omitted: the recorded model is not checked (reembed reads it first). */
  model?: string
  dimensions: number
  /** PostgreSQL: apply migrations first (the embedded store always migrates on open). */
  migrate?: boolean
  /** PostgreSQL with `migrate`: hash-partition the tables by namespace (`migrate({ partitions })`). */
  partitions?: number
  /** PostgreSQL with `migrate`: distribute the store on the Citus cluster it connects to (`migrate({ distribute })`). */
  citus?: boolean
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
