import { createMemory, type MemoryService, type Store } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { createPgVectorStore, openEmbeddedStore } from '@agent-memory/store-pgvector'
import pg from 'pg'
import { type SwitchableEmbedder, switchableEmbedder } from './switchableEmbedder.js'

export interface OpenedBackend {
  memory: MemoryService
  embedder: SwitchableEmbedder
  close(): Promise<void>
}

export interface StoreBackend {
  name: string
  /** Why the backend cannot run here; under CI=true the suite must fail instead of skipping. */
  unavailable?: string
  open(): Promise<OpenedBackend>
}

const DIMENSIONS = 256

function compose(
  store: Store & { close(): Promise<void> },
  embedder: SwitchableEmbedder,
  after?: () => Promise<void>,
) {
  return {
    memory: createMemory({ store, embedder }),
    embedder,
    close: async () => {
      await store.close()
      await after?.()
    },
  }
}

/**
 * The stores the tool runs on in these tests: embedded PGlite always, real PostgreSQL when
 * DATABASE_URL is set (each opening gets its own database, so parallel test files never collide).
 */
export function storeBackends(): StoreBackend[] {
  const url = process.env.DATABASE_URL
  return [
    {
      name: 'PGlite',
      open: async () => {
        const embedder = switchableEmbedder(createHashingEmbedder({ dimensions: DIMENSIONS }))
        const store = await openEmbeddedStore({ dimensions: DIMENSIONS, model: embedder.model })
        return compose(store, embedder)
      },
    },
    {
      name: 'PostgreSQL',
      ...(url ? {} : { unavailable: 'DATABASE_URL is not set' }),
      open: async () => {
        // A database per opening: the store's migration names the "public" schema, so a schema
        // per test file would not isolate it.
        const database = `tool_memory_search_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
        const admin = async (sql: string) => {
          const client = new pg.Client({ connectionString: url })
          await client.connect()
          try {
            await client.query(sql)
          } finally {
            await client.end()
          }
        }
        await admin(`CREATE DATABASE ${database}`)
        const target = new URL(url!)
        target.pathname = `/${database}`
        const embedder = switchableEmbedder(createHashingEmbedder({ dimensions: DIMENSIONS }))
        const store = await createPgVectorStore({
          connectionString: target.toString(),
          maxConnections: 4,
          dimensions: DIMENSIONS,
          model: embedder.model,
          migrate: true,
        })
        return compose(store, embedder, () => admin(`DROP DATABASE ${database} WITH (FORCE)`))
      },
    },
  ]
}
