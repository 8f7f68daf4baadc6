import { clusteredVectors, seededRandom } from '@agent-memory/testkit'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from '../../__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate, type PgVectorStore } from '../../index.js'

const dims = 8

if (requirePostgres('statistics after an index build (PostgreSQL)')) {
  describe('a namespace index is walked once built, whatever autovacuum does (PostgreSQL)', {
    timeout: 300_000,
  }, () => {
    let pool: pg.Pool
    let store: PgVectorStore
    let drop: () => Promise<void>
    const statements: Array<{ text: string; values: unknown[] }> = []

    beforeAll(async () => {
      const database = await createTestDatabase('analyze')
      drop = database.drop
      pool = testPool(database.url, 2)
      // Every statement the store sends, to plan the search it ran.
      pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown
        ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
          if (typeof args[0] === 'string')
            statements.push({ text: args[0], values: Array.isArray(args[1]) ? args[1] : [] })
          return query(...args)
        }
      })
      await migrate(pool, { dimensions: dims, annIndex: false })
      // As on a server running without autovacuum: only the store can collect statistics.
      await pool.query('ALTER TABLE memories SET (autovacuum_enabled = off)')
      await pool.query('ALTER TABLE memory_chunks SET (autovacuum_enabled = off)')
      store = await createPgVectorStore({ pool, dimensions: dims, exactSearchMaxRows: 100, autoIndex: false })
      const vectors = clusteredVectors(3000, dims, seededRandom(3), 12)
      await store.upsert(
        'big',
        vectors.map((embedding, i) => ({
          id: `b${i}`,
          tier: 'semantic',
          content: `row ${i}`,
          fingerprint: `f${i}`,
          embedding,
        })),
      )
      // A new namespace's first load refreshes the statistics itself; take them away again, as on a
      // server where nothing has analyzed the table since its rows came in.
      const client = await pool.connect()
      try {
        await client.query("DELETE FROM pg_statistic WHERE starelid = 'memories'::regclass")
        await client.query('UPDATE memories SET access_count = access_count')
        await client.query('SELECT pg_stat_force_next_flush()')
        await client.query('SELECT 1')
      } finally {
        client.release()
      }
    }, 180_000)
    afterAll(async () => {
      await store?.close()
      await pool?.end()
      await drop?.()
    })

    const analyzed = async () =>
      Number(
        (
          await pool.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'memories' AND attname = 'namespace'",
          )
        ).rows[0]?.n,
      ) > 0

    it('the build analyzes the table it found unanalyzed, and the search plan walks the new index', async () => {
      expect(await analyzed()).toBe(false)
      const report = await store.maintainVectorIndexes()
      expect(report.created).toHaveLength(1)
      expect(await analyzed()).toBe(true)
      // The empty chunk table too: never analyzed, the planner took it for ten pages of rows.
      const chunks = await pool.query<{ rows: number }>(
        "SELECT reltuples::float8 AS rows FROM pg_class WHERE relname = 'memory_chunks'",
      )
      expect(chunks.rows[0]?.rows).toBe(0)
      statements.length = 0
      const [query] = clusteredVectors(1, dims, seededRandom(4), 12)
      expect(await store.searchVector('big', query!, { limit: 10 })).toHaveLength(10)
      const search = statements.find((s) => s.text.includes('halfvec') && s.text.includes('ORDER BY'))
      expect(search).toBeDefined()
      const plan = await pool.query(`EXPLAIN (FORMAT JSON) ${search!.text}`, search!.values)
      expect(JSON.stringify(plan.rows)).toContain(report.created[0]!.index)
    })

    it('a table analyzed since its last writes is left alone', async () => {
      const before = await pool.query<{ at: Date | null }>(
        "SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = 'memories'",
      )
      expect(before.rows[0]?.at).not.toBeNull()
      await store.maintainVectorIndexes()
      const after = await pool.query<{ at: Date | null }>(
        "SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = 'memories'",
      )
      expect(after.rows[0]?.at).toEqual(before.rows[0]?.at)
    })
  })
}
