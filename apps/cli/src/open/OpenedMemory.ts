import type { Embedder, MemoryService } from '@agent-memory/core'
import type { PgVectorStore } from '@agent-memory/store-pgvector'

/** A ready memory service over a concrete store and embedder, and how to release them. */
export interface OpenedMemory {
  memory: MemoryService
  store: PgVectorStore
  embedder: Embedder
  /** e.g. `embedded PGlite at /home/me/.agent-memory` or `PostgreSQL at postgres://me:[REDACTED]@db/app`. */
  storeDescription: string
  /** e.g. `hashing (agent-memory/hashing-v1?dims=512&ngram=3, 512 dimensions; offline, lexical)`. */
  embedderDescription: string
  close(): Promise<void>
  /** Embedded: the process whose store server this command uses (it did not open the files). */
  servedBy?: string
  /** Embedded with `serve`: other local processes can reach the store through this one. */
  serving?: boolean
  /** Rewords a failure for the way the store was reached (a store server that went away). */
  explainFailure?: (error: unknown) => unknown
}
