import type { Embedder, MemoryService } from '@agent-memory/core'
import type { PgVectorStore } from '@agent-memory/store-pgvector'

/** A ready memory service over a concrete store and embedder, and how to release them. */
export interface OpenedMemory {
  memory: MemoryService
  store: PgVectorStore
  embedder: Embedder
  /** e.g. `embedded PGlite at /home/me/.agent-memory` or `PostgreSQL at postgres://me:***@db/app`. */
  storeDescription: string
  /** e.g. `hashing (agent-memory/hashing-v1?dims=1536&ngram=3, 1536 dimensions; offline, lexical)`. */
  embedderDescription: string
  close(): Promise<void>
}
