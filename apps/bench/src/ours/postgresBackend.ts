import { createPgVectorStore } from '@agent-memory/store-pgvector'
import type { LocomoBackend } from '../locomo/LocomoBackend.js'
import { createScratchDatabase } from '../pg/createScratchDatabase.js'
import { loggedPool } from '../pg/loggedPool.js'

/** Native Postgres: a scratch database per store (migrated on open), dropped on close. */
export function postgresBackend(databaseUrl: string, model: string): LocomoBackend {
  return {
    name: 'Postgres',
    open: async (tag, dimensions) => {
      const db = await createScratchDatabase(databaseUrl, `agent_memory_bench_${process.pid}_${tag}`)
      const pool = loggedPool({ connectionString: db.url, max: 4 })
      const store = await createPgVectorStore({ pool, dimensions, model, migrate: true })
      return {
        store,
        close: async () => {
          await store.close()
          await pool.end()
          await db.drop()
        },
      }
    },
  }
}
