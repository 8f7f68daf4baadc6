import type { CliConfig } from '../config/CliConfig.js'
import type { OpenedMemory } from '../open/OpenedMemory.js'
import type { CliIo } from './CliIo.js'

export interface OpenOptions {
  /** PostgreSQL: apply migrations first (`init`; the embedded store migrates on every open). */
  migrate?: boolean
  /** PostgreSQL with `migrate`: hash-partition the tables by namespace into this many parts. */
  partitions?: number
  /** PostgreSQL with `migrate`: distribute the store by namespace on the Citus cluster (`init --citus`). */
  citus?: boolean
  /**
   * The command only reads: an embedded data directory this user may not write is opened as a
   * read-only snapshot instead of failing.
   */
  readsOnly?: boolean
  /** Say which store and embedder are in use on stderr (default true). */
  announce?: boolean
  /** Embedded: serve the data directory to other local processes while this command holds it. */
  serve?: boolean
  /**
   * Embedded: the command searches many times (the demo), so namespaces are worth loading into
   * the store's in-process indexes; a serving command does too. Others search once, in SQL.
   */
  searchesOften?: boolean
  /**
   * Embedded: the command runs a few statements and exits (init, remember, search, list, get,
   * forget, history, link, stats), so the store it opens itself boots for a quick start rather than a
   * long run: a 32 MB buffer pool, and PGlite's wasm compiled in the baseline tier only
   * (`compileWasmInBaselineTier`).
   */
  brief?: boolean
  /**
   * Long-running commands (`--sweep-interval`): remove expired memories for good every this many
   * ms while open (the service's `sweepIntervalMs`). Default: off.
   */
  sweepIntervalMs?: number
}

/** What every command gets: where to write, the environment, and the memory on demand. */
export interface CommandContext {
  io: CliIo
  env: NodeJS.ProcessEnv
  cwd: string
  /** Aborted on the first Ctrl-C (SIGINT) or SIGTERM: long commands stop between items. */
  signal: AbortSignal
  /** Flags and environment resolved (throws a usage error for a bad combination). */
  config(): CliConfig
  /** Opens the configured store and embedder; closed by the CLI when the command ends. */
  open(options?: OpenOptions): Promise<OpenedMemory>
  /**
   * What the process exits with once the command returns, when the command decides it (1 for a
   * partial failure, 0 for a server stopped on purpose). Unset: 0, or 130 after Ctrl-C.
   */
  exitCode?: number
}
