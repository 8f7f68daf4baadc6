import type { MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { loadPglite } from './embedded/loadPglite.js'
import { createPgVectorStore, type PgVectorStore } from './index.js'
import { fetchRanked } from './store/keyword/fetchRanked.js'
import { newestLiveByFingerprint } from './store/newestLiveByFingerprint.js'
import { SqlParams } from './store/SqlParams.js'

const dims = 8

interface Backend {
  store: PgVectorStore
  sql(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>
  close(): Promise<void>
}

const writes = (prefix: string, count: number): MemoryWrite[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${String(i).padStart(5, '0')}`,
    tier: 'semantic' as const,
    content: `${prefix} memory number ${i}`,
    fingerprint: `${prefix}-fp-${i}`,
    embedding: axisVector(dims, i % dims),
    unlessDuplicate: true,
  }))

const planOf = async (backend: Backend, text: string, params: unknown[]) => {
  const [row] = await backend.sql(`EXPLAIN (FORMAT JSON) ${text}`, params)
  const raw = row?.['QUERY PLAN']
  return JSON.stringify(typeof raw === 'string' ? JSON.parse(raw) : raw)
}

/**
 * Statistics gathered while a store held one namespace give a new one about no rows. A first load
 * of the new namespace must bring them up to date itself (neither autovacuum nor the embedded
 * executor's thresholds do: the load is under 10% of the table), or its duplicate look-ups walk
 * the whole namespace once per key.
 */
function describeNamespaceStatistics(name: string, open: () => Promise<Backend>): void {
  describe(name, { timeout: 300_000 }, () => {
    let backend: Backend | undefined
    afterAll(async () => {
      await backend?.close()
    })

    it('a new namespace’s first load refreshes the statistics that predate it', async () => {
      backend = await open()
      const { store } = backend
      for (let start = 0; start < 6_000; start += 1_000)
        await store.upsert('first', writes(`first${start}`, 1_000))
      await store.afterBulkLoad('first')
      const believed = async (ns: string) =>
        Number(
          JSON.parse(await planOf(backend!, 'SELECT 1 FROM memories WHERE namespace = $1', [ns]))[0].Plan[
            'Plan Rows'
          ],
        )
      expect(await believed('second')).toBeLessThan(10)

      await store.upsert('second', writes('second', 550))

      expect(await believed('second')).toBeGreaterThan(550 / 4)
      const params = new SqlParams()
      const nsParam = params.add('second')
      const probe = `SELECT found.* FROM ${newestLiveByFingerprint(nsParam, 'm.id', params, [{ tier: 'semantic', fingerprint: 'second-fp-7' }])}`
      const plan = await planOf(backend, probe, params.values)
      expect(plan).toContain('memories_namespace_fingerprint_idx')
      expect(plan).not.toContain('memories_namespace_superseded_by_idx')
      const [found] = await backend.sql(probe, params.values)
      expect(found?.id).toBe('second-00007')
    })

    it('the winners of a search are read by id in a namespace the statistics still believe empty', async () => {
      const { store } = backend!
      // Below the size at which a load refreshes the statistics: they still predate the namespace.
      await store.upsert('third', writes('third', 300))
      const params = new SqlParams()
      const namespaceParam = params.add('third')
      const scope = {
        ns: 'third',
        limit: 3,
        params,
        namespaceParam,
        vector: '',
        conditions: [`m.namespace = ${namespaceParam}`, 'm.superseded_by IS NULL'],
        distributed: false,
      }
      const ranked = ['third-00042', 'third-00007', 'first0-00001', 'third-00250'].map((id, i) => ({
        id,
        score: 4 - i,
      }))
      const statements: Array<{ text: string; params: unknown[] }> = []
      const recording = {
        query: async (text: string, values: unknown[] = []) => {
          statements.push({ text, params: values })
          return { rows: await backend!.sql(text, values) }
        },
      }
      const hits = await fetchRanked(recording as never, scope, { head: ranked, rest: () => [] })
      // Another namespace's id among the winners is not read.
      expect(hits.map((hit) => hit.memory.id)).toEqual(['third-00042', 'third-00007', 'third-00250'])
      expect(statements).toHaveLength(1)
      const plan = await planOf(backend!, statements[0]!.text, statements[0]!.params)
      expect(plan).toContain('memories_id_idx')
      expect(plan).not.toMatch(/memories_namespace_\w+_idx|memories_pkey/)
    })
  })
}

describeNamespaceStatistics('namespace statistics: PGlite', async () => {
  const { PGlite, vector } = await loadPglite()
  const db = new PGlite({ extensions: { vector } })
  const store = await createPgVectorStore({ db, dimensions: dims, model: 'stats', migrate: true })
  return {
    store,
    sql: async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
    close: async () => {
      await store.close()
      await db.close()
    },
  }
})

if (requirePostgres('namespace statistics: PostgreSQL')) {
  describeNamespaceStatistics('namespace statistics: PostgreSQL', async () => {
    const database = await createTestDatabase('namespace_statistics')
    const pool = testPool(database.url, 4)
    const store = await createPgVectorStore({ pool, dimensions: dims, model: 'stats', migrate: true })
    return {
      store,
      sql: async (text, params) => (await pool.query(text, params)).rows,
      close: async () => {
        await store.close()
        await pool.end()
        await database.drop()
      },
    }
  })
}
