import { createMemory, type MemoryService } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { createPgVectorStore, openEmbeddedStore } from '@agent-memory/store-pgvector'
import { InMemoryStore } from '@agent-memory/testkit'
import pg from 'pg'

/** A memory service on one backend, and how to put it away. */
export interface OpenedService {
  memory: MemoryService
  close(): Promise<void>
}

const DIMENSIONS = 256

async function onPostgres(url: string): Promise<OpenedService> {
  // A database per opening: parallel test files never share rows.
  const database = `langgraph_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query(sql).finally(() => client.end())
  }
  await run(`CREATE DATABASE ${database}`)
  const target = new URL(url)
  target.pathname = `/${database}`
  const embedder = createHashingEmbedder({ dimensions: DIMENSIONS })
  const store = await createPgVectorStore({
    connectionString: target.toString(),
    maxConnections: 4,
    dimensions: DIMENSIONS,
    model: embedder.model,
    migrate: true,
  })
  const memory = createMemory({ store, embedder })
  return {
    memory,
    close: async () => {
      await memory.close()
      await store.close()
      await run(`DROP DATABASE ${database} WITH (FORCE)`)
    },
  }
}

/**
 * The backends the store suite runs on: the reference in-memory store, embedded PGlite, and the
 * real PostgreSQL when DATABASE_URL is set (`requirePostgres` reports it missing). The offline
 * hashing embedder on each.
 */
export const serviceBackends: Record<string, () => Promise<OpenedService>> = {
  reference: async () => {
    const embedder = createHashingEmbedder({ dimensions: DIMENSIONS })
    const memory = createMemory({ store: new InMemoryStore({ dimensions: DIMENSIONS }), embedder })
    return { memory, close: () => memory.close() }
  },
  PGlite: async () => {
    const embedder = createHashingEmbedder({ dimensions: DIMENSIONS })
    const store = await openEmbeddedStore({ dimensions: DIMENSIONS, model: embedder.model })
    const memory = createMemory({ store, embedder })
    return {
      memory,
      close: async () => {
        await memory.close()
        await store.close()
      },
    }
  },
  PostgreSQL: () => onPostgres(process.env.DATABASE_URL ?? ''),
}
