import { requireCitus } from '@agent-memory/testkit'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CapturingExecutor } from './__fixtures__/CapturingExecutor.js'
import { createCitusTestSchema, workerUrls } from './__fixtures__/citusTestDatabase.js'
import { testPool } from './__fixtures__/postgresTestDatabase.js'
import { migrate } from './index.js'
import { PoolExecutor } from './sql/PoolExecutor.js'
import { settingsStatement } from './sql/settingsStatement.js'
import { PgVectorStore } from './store/PgVectorStore.js'

const dims = 16
const bigRows = 600

/** Deterministic unit vectors spread over the sphere (a small linear congruential generator). */
function vectors(count: number, seed: number): Float32Array[] {
  let state = seed
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648 - 0.5
  }
  return Array.from({ length: count }, () => {
    const v = Float32Array.from({ length: dims }, next)
    const norm = Math.hypot(...v)
    return v.map((x) => x / norm)
  })
}

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0)

if (requireCitus('per-user HNSW indexes on Citus')) {
  describe('a per-user HNSW index on Citus', { timeout: 300_000 }, () => {
    let schema: Awaited<ReturnType<typeof createCitusTestSchema>>
    let pool: pg.Pool
    let capture: CapturingExecutor
    let store: PgVectorStore
    const rows = vectors(bigRows, 7)

    beforeAll(async () => {
      schema = await createCitusTestSchema('nsindex')
      pool = testPool(schema.url, 4)
      await migrate(pool, { dimensions: dims, schema: schema.schema, distribute: 'citus' })
      const executor = new PoolExecutor(pool, {
        statementTimeoutMs: 0,
        ownsPool: false,
        schema: schema.schema,
      })
      executor.propagatesSettings = true
      capture = new CapturingExecutor(executor)
      store = await new PgVectorStore(capture, {
        dimensions: dims,
        distribute: 'citus',
        autoIndex: false,
        exactSearchMaxRows: 200,
        recallSampleRate: 0,
      }).open()
      await store.upsert(
        'big',
        rows.map((embedding, i) => ({
          id: `b${i}`,
          tier: 'semantic' as const,
          content: `memory ${i}`,
          fingerprint: `fp-b${i}`,
          embedding,
        })),
      )
      await store.upsert('small', [
        { id: 's1', tier: 'semantic', content: 'small user', fingerprint: 'fp-s1', embedding: rows[0]! },
      ])
    }, 300_000)
    afterAll(async () => {
      await store?.close()
      await pool?.end()
      await schema?.drop()
    })

    it("builds the index on the owning user's shard only, calibrates its ef_search, and a search walks it as one task", async () => {
      expect(await store.countMemories('big')).toBe(bigRows)
      const report = await store.maintainVectorIndexes()
      const created = report.created.find(
        (change) => change.namespace === 'big' && change.table === 'memories',
      )
      expect(created, JSON.stringify(report)).toBeDefined()
      expect(report.created.map((change) => change.namespace)).not.toContain('small')
      expect(created?.efSearch).toBeGreaterThan(0)
      expect(created?.calibrationRecall).toBeGreaterThan(0.9)

      // The index exists on every shard of memories (Citus creates it on each), but holds entries only
      // where the user's rows live: exactly one shard placement has a non-empty index.
      const withEntries: string[] = []
      for (const url of await workerUrls(schema.url)) {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        try {
          // A worker hides its shards from catalog reads by default; its shell copy of the table is
          // all it would show.
          await client.query('SET citus.override_table_visibility = off')
          const indexes = await client.query<{ name: string; schema: string }>(
            // Shard indexes are named after the shard (a long name is shortened with a hash): found by definition.
            `SELECT indexname AS name, schemaname AS schema FROM pg_indexes
               WHERE schemaname = $1 AND tablename ~ '^memories_[0-9]+$' AND indexdef LIKE '%USING hnsw%' AND indexdef LIKE $2`,
            [schema.schema, "%namespace = 'big'::text%"],
          )
          for (const index of indexes.rows) {
            const size = await client.query<{ pages: number }>(
              `SELECT (pg_relation_size(format('%I.%I', $1::text, $2::text)::regclass) / current_setting('block_size')::int)::int AS pages`,
              [index.schema, index.name],
            )
            // An empty HNSW index is its metapage and an entry page; the user's holds every row.
            if ((size.rows[0]?.pages ?? 0) > 2) withEntries.push(`${new URL(url).port}:${index.name}`)
          }
        } finally {
          await client.end()
        }
      }
      expect(withEntries).toHaveLength(1)

      const query = vectors(1, 99)[0]!
      capture.statements.length = 0
      capture.values.length = 0
      capture.scopes.length = 0
      const hits = await store.searchVector('big', query, { limit: 10 })
      const exact = rows
        .map((embedding, i) => ({ id: `b${i}`, score: cosine(embedding, query) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10)
        .map((hit) => hit.id)
      const found = hits.map((hit) => hit.memory.id)
      expect(found.filter((id) => exact.includes(id)).length).toBeGreaterThanOrEqual(9)

      const search = capture.statements.findIndex(
        (text) => /ORDER BY/i.test(text) && /\bmemories\b/.test(text),
      )
      expect(search).toBeGreaterThanOrEqual(0)
      const client = await pool.connect()
      try {
        await client.query(`SET search_path = ${schema.schema}, public`)
        // The search's own knobs (the calibrated ef_search among them), carried to the worker as the store does.
        const settings = capture.scopes.find((scope) => scope?.settings !== undefined)?.settings
        expect(settings?.['hnsw.ef_search']).toBe(String(created?.efSearch))
        await client.query('BEGIN')
        await client.query(settingsStatement(settings, true)!)
        const explained = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN ${capture.statements[search]}`,
          capture.values[search],
        )
        const plan = explained.rows.map((row) => row['QUERY PLAN']).join('\n')
        expect(plan).toMatch(/Task Count: 1\b/)
        expect(plan).toContain(created!.index)
      } finally {
        await client.query('ROLLBACK')
        await client.query('RESET search_path')
        client.release()
      }
    })
  })
}
