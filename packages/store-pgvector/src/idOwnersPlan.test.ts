import type { MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { loadPglite } from './embedded/loadPglite.js'
import { createPgVectorStore, migrate, type PgVectorStore } from './index.js'

const dims = 8

interface Backend {
  store: PgVectorStore
  /** One session of its own, kept open for the whole test: the function's plan lives in it. */
  session(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>
  close(): Promise<void>
}

const writes = (count: number): MemoryWrite[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `owned-${i}`,
    tier: 'semantic' as const,
    content: `memory number ${i}`,
    fingerprint: `fp-${i}`,
    embedding: axisVector(dims, i % dims),
  }))

/**
 * Every write asks `agent_memory_id_owners` who owns its ids, and PL/pgSQL keeps that statement's
 * plan for the session. A plan made while the statistics said the table (or, split by namespace, a
 * partition) was empty would scan it sequentially for every id ever after: quadratic ingest on a
 * long-lived connection, and on the embedded store there is only one.
 */
function describeIdOwnersPlan(name: string, open: () => Promise<Backend>): void {
  describe(name, { timeout: 300_000 }, () => {
    let backend: Backend | undefined
    afterAll(async () => {
      await backend?.close()
    })

    it('probes the id index, even when its plan was made while the table was believed empty', async () => {
      backend = await open()
      await backend.session('ANALYZE memories')
      await backend.session('SELECT * FROM agent_memory_id_owners($1::text[])', [['nobody']])
      // Fewer rows than make a write refresh the statistics itself (`checkNamespaceStatistics`).
      await backend.store.upsert('ada', writes(400))
      const sequentialScans = async () => {
        const [row] = await backend!.session(
          `SELECT coalesce(sum(pg_stat_get_xact_numscans(c.oid)), 0)::int AS n
             FROM pg_class c WHERE c.relname LIKE 'memories%' AND c.relkind = 'r'`,
        )
        return Number(row?.n)
      }
      await backend.session('BEGIN')
      try {
        const before = await sequentialScans()
        const owners = await backend.session('SELECT * FROM agent_memory_id_owners($1::text[])', [
          ['owned-7', 'owned-399', 'nobody'],
        ])
        expect(owners.map((row) => row.owned_id).sort()).toEqual(['owned-399', 'owned-7'])
        expect((await sequentialScans()) - before, 'sequential scans of memories').toBe(0)
      } finally {
        await backend.session('COMMIT')
      }
    })
  })
}

describeIdOwnersPlan('id owners plan: PGlite', async () => {
  const { PGlite, vector } = await loadPglite()
  const db = new PGlite({ extensions: { vector } })
  const store = await createPgVectorStore({ db, dimensions: dims, model: 'owners', migrate: true })
  return {
    store,
    session: async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
    close: async () => {
      await store.close()
      await db.close()
    },
  }
})

if (requirePostgres('id owners plan: PostgreSQL')) {
  describeIdOwnersPlan('id owners plan: PostgreSQL, split by namespace', async () => {
    const database = await createTestDatabase('id_owners_plan')
    const pool = testPool(database.url, 4)
    await migrate(pool, { dimensions: dims, partitions: 4 })
    const store = await createPgVectorStore({ pool, dimensions: dims, model: 'owners' })
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    return {
      store,
      session: async (text, params) => (await client.query(text, params)).rows,
      close: async () => {
        await client.end()
        await store.close()
        await pool.end()
        await database.drop()
      },
    }
  })
}
