import type { MemoryWrite } from '@agent-memory/core'
import { axisVector, clusteredVectors, seededRandom } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate, type PgVectorStore } from './index.js'
import { HNSW_BUILD } from './store/indexes/HNSW_BUILD.js'
import { namespaceIndexName } from './store/indexes/namespaceIndexName.js'

const dims = 16
const threshold = 200

interface Backend {
  /** Runs SQL beside the store (same database). */
  sql(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>
  /** Opens a store on the backend; `scanBudget` caps HNSW's iterative scan for the completeness case. */
  open(options?: {
    autoIndex?: boolean
    recallSampleRate?: number
    recallSampleBudget?: number
    scanBudget?: number
  }): Promise<PgVectorStore>
  close(): Promise<void>
}

async function pgliteBackend(): Promise<Backend> {
  const db = await PGlite.create({ extensions: { vector } })
  await migrate(db, { dimensions: dims })
  return {
    sql: async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
    open: async (options = {}) => {
      // One connection: a session setting holds for every later transaction of the store.
      await db.query(
        options.scanBudget === undefined
          ? 'RESET hnsw.max_scan_tuples'
          : `SET hnsw.max_scan_tuples = ${options.scanBudget}`,
      )
      return createPgVectorStore({
        db,
        dimensions: dims,
        model: 'idx',
        exactSearchMaxRows: threshold,
        ...pick(options),
      })
    },
    close: () => db.close(),
  }
}

async function postgresBackend(partitions?: number): Promise<Backend> {
  const database = await createTestDatabase('vecidx')
  const admin = testPool(database.url, 2)
  await migrate(admin, { dimensions: dims, ...(partitions === undefined ? {} : { partitions }) })
  const pools: pg.Pool[] = []
  return {
    sql: async (text, params) => (await admin.query(text, params)).rows,
    open: async (options = {}) => {
      const pool = new pg.Pool({
        connectionString: database.url,
        max: 3,
        ...(options.scanBudget === undefined
          ? {}
          : { options: `-c hnsw.max_scan_tuples=${options.scanBudget}` }),
      })
      pool.on('error', () => undefined)
      pools.push(pool)
      return createPgVectorStore({
        pool,
        dimensions: dims,
        model: 'idx',
        exactSearchMaxRows: threshold,
        ...pick(options),
      })
    },
    close: async () => {
      for (const pool of pools) await pool.end()
      await admin.end()
      await database.drop()
    },
  }
}

function pick(options: { autoIndex?: boolean; recallSampleRate?: number; recallSampleBudget?: number }) {
  return {
    autoIndex: options.autoIndex ?? false,
    ...(options.recallSampleRate === undefined ? {} : { recallSampleRate: options.recallSampleRate }),
    ...(options.recallSampleBudget === undefined ? {} : { recallSampleBudget: options.recallSampleBudget }),
  }
}

function rows(prefix: string, vectors: Float32Array[], tags: string[] = []): MemoryWrite[] {
  return vectors.map((embedding, i) => ({
    id: `${prefix}-${i}`,
    tier: 'semantic',
    content: `row ${i}`,
    fingerprint: `${prefix}-f${i}`,
    tags,
    embedding,
  }))
}

function describeLifecycle(name: string, backendOf: () => Promise<Backend>): void {
  describe(`per-namespace HNSW indexes on ${name}`, { timeout: 300_000 }, () => {
    let backend: Backend
    const random = seededRandom(11)
    const big = clusteredVectors(600, dims, random, 8)
    const small = clusteredVectors(50, dims, random, 8)
    const indexesOf = async () =>
      (
        await backend.sql(
          'SELECT table_name, namespace, index_name FROM agent_memory_vector_indexes ORDER BY 1, 2',
        )
      ).map((row) => `${row.table_name}:${row.namespace}:${row.index_name}`)
    const indexExists = async (index: string) =>
      (await backend.sql('SELECT to_regclass($1) IS NOT NULL AS found', [index]))[0]!.found === true

    afterAll(async () => {
      await backend?.close()
    })

    it('maintainVectorIndexes builds an index only for a namespace above exactSearchMaxRows', async () => {
      backend = await backendOf()
      const store = await backend.open()
      try {
        await store.upsert('big', rows('big', big))
        await store.upsert('small', rows('small', small))
        // Nothing is indexed by a write: the first maintenance builds what the sizes call for.
        expect(await indexesOf()).toEqual([])
        const report = await store.maintainVectorIndexes()
        const index = namespaceIndexName('memories', 'big')
        expect(report.created).toEqual([
          {
            table: 'memories',
            namespace: 'big',
            rows: 600,
            index,
            // Clustered 16-d rows are easy for the sparse graph: it stays.
            graph: { m: HNSW_BUILD.graphs.sparse.m, efConstruction: HNSW_BUILD.graphs.sparse.efConstruction },
            efSearch: expect.any(Number),
            calibrationRecall: expect.any(Number),
          },
        ])
        expect(report.dropped).toEqual([])
        expect(await indexesOf()).toEqual([`memories:big:${index}`])
        expect(await indexExists(index)).toBe(true)
        // Idempotent.
        expect(await store.maintainVectorIndexes()).toEqual({
          created: [],
          dropped: [],
          kept: 1,
          calibrated: [],
        })
      } finally {
        await store.close()
      }
    })

    it('builds with the stated HNSW parameters, not whatever pgvector defaults to', async () => {
      const [row] = await backend.sql('SELECT reloptions FROM pg_class WHERE relname = $1', [
        namespaceIndexName('memories', 'big'),
      ])
      const options = (row?.reloptions ?? []) as string[]
      expect([...options].sort()).toEqual(
        [
          `ef_construction=${HNSW_BUILD.graphs.sparse.efConstruction}`,
          `m=${HNSW_BUILD.graphs.sparse.m}`,
        ].sort(),
      )
    })

    it('builds on the unit-length half-precision key; maintenance builds an index on the vector column again on it', async () => {
      const index = namespaceIndexName('memories', 'big')
      const definition = async () =>
        String((await backend.sql('SELECT pg_get_indexdef(to_regclass($1)) AS d', [index]))[0]!.d)
      const keyed = new RegExp(`l2_normalize\\(embedding\\)\\)?::halfvec\\(${dims}\\).*halfvec_cosine_ops`)
      expect(await definition()).toMatch(keyed)
      // What an earlier version built: the same registered name, on the vector column itself, on
      // the table holding the namespace's rows (its partition, when the tables are split).
      const [holder] = await backend.sql(
        "SELECT tableoid::regclass::text AS name FROM memories WHERE namespace = 'big' LIMIT 1",
      )
      await backend.sql(`DROP INDEX ${index}`)
      await backend.sql(
        `CREATE INDEX ${index} ON ${String(holder!.name)} USING hnsw (embedding vector_cosine_ops) WHERE namespace = 'big'`,
      )
      expect(await definition()).not.toMatch(keyed)
      const store = await backend.open({ recallSampleRate: 0 })
      try {
        // Searches do not order by its expression; meanwhile the namespace is scanned exactly.
        const hits = await store.searchVector('big', big[3]!, { limit: 10 })
        expect(hits).toHaveLength(10)
        expect(hits[0]!.memory.id).toBe('big-3')
        const report = await store.maintainVectorIndexes()
        expect(report.dropped).toEqual([{ table: 'memories', namespace: 'big', rows: 600, index }])
        expect(report.created.map((change) => `${change.namespace}:${change.index}`)).toEqual([
          `big:${index}`,
        ])
      } finally {
        await store.close()
      }
      expect(await definition()).toMatch(keyed)
      expect(await indexesOf()).toEqual([`memories:big:${index}`])
    })

    it('searches an indexed namespace through its index, completely; the recall guard records it', async () => {
      const store = await backend.open({ recallSampleRate: 1, recallSampleBudget: 1 })
      try {
        for (let q = 0; q < 5; q++) {
          const hits = await store.searchVector('big', big[q * 7]!, { limit: 10 })
          expect(hits).toHaveLength(10)
          expect(hits[0]!.memory.id).toBe(`big-${q * 7}`)
          expect(hits.every((hit) => hit.memory.namespace === 'big')).toBe(true)
        }
        // The small namespace is scanned exactly: the guard samples ANN searches only.
        expect(await store.searchVector('small', small[0]!, { limit: 10 })).toHaveLength(10)
      } finally {
        // Closing waits for the guard's background re-runs.
        await store.close()
      }
      const reader = await backend.open()
      try {
        const [bigStats] = await reader.stats('big')
        expect(bigStats!.vectorSearch?.indexed).toBe(true)
        expect(bigStats!.vectorSearch?.recallSamples).toBe(5)
        expect(bigStats!.vectorSearch?.recall).toBeGreaterThanOrEqual(0.9)
        const [smallStats] = await reader.stats('small')
        expect(smallStats!.vectorSearch).toBeUndefined()
      } finally {
        await reader.close()
      }
    })

    it('holds the recall guard to its budget: one re-run at a time, then none while it idles', async () => {
      const samples = async () => {
        const reader = await backend.open()
        try {
          return (await reader.stats('big'))[0]!.vectorSearch?.recallSamples ?? 0
        } finally {
          await reader.close()
        }
      }
      const before = await samples()
      // A budget this small idles a million times as long as a re-run took: after the first, none.
      const store = await backend.open({ recallSampleRate: 1, recallSampleBudget: 1e-6 })
      try {
        for (let q = 0; q < 5; q++)
          expect(await store.searchVector('big', big[q]!, { limit: 10 })).toHaveLength(10)
      } finally {
        await store.close()
      }
      expect((await samples()) - before).toBe(1)
      await expect(backend.open({ recallSampleBudget: 0 })).rejects.toThrow(/recallSampleBudget/)
      await expect(backend.open({ recallSampleBudget: 1.5 })).rejects.toThrow(/recallSampleBudget/)
    })

    it('answers exactly when the ANN answer comes back short of the limit', async () => {
      const seed = await backend.open()
      const rare = [axisVector(dims, 5), axisVector(dims, 6), axisVector(dims, 7)]
      try {
        await seed.upsert('big', rows('rare', rare, ['rare']))
      } finally {
        await seed.close()
      }
      // A scan budget of one tuple: the graph walk stops long before it reaches the rare rows.
      const store = await backend.open({ scanBudget: 1, recallSampleRate: 0 })
      try {
        const hits = await store.searchVector('big', big[0]!, { limit: 10, filter: { tags: ['rare'] } })
        expect(hits.map((hit) => hit.memory.id).sort()).toEqual(['rare-0', 'rare-1', 'rare-2'])
      } finally {
        await store.close()
      }
    })

    it('keeps the index while the namespace is above half the threshold, drops it below', async () => {
      const store = await backend.open()
      try {
        await store.delete(
          'big',
          Array.from({ length: 450 }, (_, i) => `big-${i}`),
        )
        // 153 rows: between the thresholds, the index stays.
        expect(await store.maintainVectorIndexes()).toEqual({
          created: [],
          dropped: [],
          kept: 1,
          calibrated: [],
        })
        await store.delete(
          'big',
          Array.from({ length: 100 }, (_, i) => `big-${450 + i}`),
        )
        const report = await store.maintainVectorIndexes()
        const index = namespaceIndexName('memories', 'big')
        expect(report.dropped).toEqual([{ table: 'memories', namespace: 'big', rows: 53, index }])
        expect(await indexesOf()).toEqual([])
        expect(await indexExists(index)).toBe(false)
        expect(await store.searchVector('big', big[599]!, { limit: 10 })).toHaveLength(10)
      } finally {
        await store.close()
      }
    })

    it('with autoIndex, a search queues the build of a namespace that outgrew exact search', async () => {
      const store = await backend.open({ autoIndex: true })
      const grown = clusteredVectors(300, dims, seededRandom(5), 4)
      try {
        await store.upsert('grown', rows('grown', grown))
        // The search itself stays exact (and complete) while the build runs in the background.
        expect(await store.searchVector('grown', grown[0]!, { limit: 10 })).toHaveLength(10)
        // `settle` waits for the build and its calibration; the index is registered only once built
        // and valid (a CONCURRENTLY build shows in the catalog earlier).
        await store.settle()
        expect(await indexesOf()).toContain(`memories:grown:${namespaceIndexName('memories', 'grown')}`)
      } finally {
        await store.close()
      }
    })

    it('derives index names from a hash: any namespace gives a short plain identifier', () => {
      const hostile = `x'); DROP TABLE memories; --${'é'.repeat(300)}`
      expect(namespaceIndexName('memories', hostile)).toMatch(/^memories_hnsw_[0-9a-f]{24}$/)
      expect(namespaceIndexName('memory_chunks', hostile)).toMatch(/^chunks_hnsw_[0-9a-f]{24}$/)
      expect(namespaceIndexName('memories', 'u1')).not.toBe(namespaceIndexName('memories', 'u10'))
    })
  })
}

describeLifecycle('PGlite', pgliteBackend)
if (requirePostgres('per-namespace HNSW indexes on PostgreSQL')) {
  describeLifecycle('PostgreSQL', () => postgresBackend())
  // Split by namespace (`migrate({ partitions })`): each index on its namespace's partition, the
  // orphans of interrupted builds found there too.
  describeLifecycle('PostgreSQL, partitioned by namespace', () => postgresBackend(4))
}
