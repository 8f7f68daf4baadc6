import type { MemoryService } from '@agent-memory/core'
import type { PgVectorStore } from '@agent-memory/store-pgvector'
import type { TableWrites } from '../pg/TableWrites.js'
import type { SoakBackendKind } from './SoakBackendKind.js'
import type { SoakCalls } from './SoakCalls.js'

/** One backend opened for a soak: the calls of each client, and the stores the final check reads. */
export interface SoakBackend {
  label: SoakBackendKind
  /** One per client, in client order. */
  clients: SoakCalls[]
  /** The process's own service (the library path); the repair loop runs on it. */
  memory: MemoryService
  /** The store the library path uses (on the embedded store: the one with the in-process indexes). */
  store: PgVectorStore
  /** The same data through the other path (the store socket; on PostgreSQL a second pool), searched in SQL. */
  other: PgVectorStore
  /**
   * A store that reads the data in SQL with nothing cached: on the embedded store a fresh
   * connection through the store socket (a long-lived SQL reader caches the namespace's keyword
   * corpus size for a while, so its BM25 trails the writes by design); undefined on PostgreSQL.
   */
  openReference(): Promise<PgVectorStore | undefined>
  /** Checks made while the stores are open: advisory locks held, leases. Empty when all is well. */
  openLeftovers(): Promise<string[]>
  /**
   * Closes everything it opened, then reports what outlived the close (lock file, sockets,
   * sessions) and, on PostgreSQL, the row versions the soak wrote to `memories` (read once every
   * session has exited, so every one's statistics are in).
   */
  close(): Promise<{ leftovers: string[]; memoriesWrites?: TableWrites }>
}
