import type { PgVectorStore } from '@agent-memory/store-pgvector'

/** A store `openStore` opened, how it was reached, and how to close it. */
export interface OpenedStore {
  store: PgVectorStore
  description: string
  close(): Promise<void>
  /** Embedded: the process whose store server this command uses (it did not open the files). */
  servedBy?: string
  /** Embedded with `serve`: other local processes can reach the store through this one. */
  serving?: boolean
  /** Rewords a failure for this way of reaching the store (a store server that went away). */
  explainFailure?: (error: unknown) => unknown
}
