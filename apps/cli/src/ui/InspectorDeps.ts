import type { Embedder, MemoryService } from '@agent-memory/core'
import type { PgVectorStore } from '@agent-memory/store-pgvector'

/** What the inspector reads and writes through: the CLI's opened memory. */
export interface InspectorDeps {
  memory: MemoryService
  store: PgVectorStore
  embedder: Embedder
  /** e.g. `embedded PGlite at /home/me/.agent-memory`. */
  storeDescription: string
  /** Bytes of the embedded data directory, when there is one. */
  dataDirBytes?: () => Promise<number>
}
