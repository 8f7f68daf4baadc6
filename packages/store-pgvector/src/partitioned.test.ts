import { InvalidArgumentError, type MemoryWrite } from '@agent-memory/core'
import { clusteredVectors, seededRandom } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate, type PgVectorStore } from './index.js'
import type { DatabaseHandle } from './sql/toExecutor.js'
import { namespaceIndexName } from './store/indexes/namespaceIndexName.js'
import { plannerRows } from './store/indexes/plannerRows.js'

const dims = 16
const threshold = 100

interface Backend {
  db: DatabaseHandle
  sql(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>
  close(): Promise<void>
}

async function pgliteBackend(): Promise<Backend> {
  const db = await PGlite.create({ extensions: { vector } })
  return {
    db,
    sql: async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
    close: () => db.close(),
  }
}

async function postgresBackend(): Promise<Backend> {
  const database = await createTestDatabase('partitioned')
  const pool = testPool(database.url, 4)
  return {
    db: pool,
    sql: async (text, params) => (await pool.query(text, params)).rows,
    close: async () => {
      await pool.end()
      await database.drop()
    },
  }
}

function writes(prefix: string, vectors: Float32Array[]): MemoryWrite[] {
  return vectors.map((embedding, i) => ({
    id: `${prefix}-${i}`,
    tier: 'semantic',
    content: `${prefix} note ${i} about ${i % 2 === 0 ? 'harbour ferries' : 'mountain trains'}`,
    fingerprint: `${prefix}-f${i}`,
    embedding,
  }))
}

/** What a reader of the store sees, before and after the split: it must not change. */
async function snapshot(store: PgVectorStore, probe: Float32Array) {
  const ids = (hits: Array<{ memory: { id: string } }>) => hits.map((hit) => hit.memory.id)
  return {
    vector: ids(await store.searchVector('big', probe, { limit: 10 })),
    chunks: ids(await store.searchChunks('small', probe, { limit: 5 })),
    keyword: ids(await store.searchText('small', 'ferries', { limit: 5 })),
    counts: [await store.countMemories('big'), await store.countMemories('small')],
    chunksOf: await store.chunksOf('small', 'small-0'),
  }
}

function describePartitioning(name: string, backendOf: () => Promise<Backend>): void {
  describe(`migrate({ partitions }) on ${name}`, { timeout: 300_000 }, () => {
    let backend: Backend | undefined
    afterAll(async () => {
      await backend?.close()
    })

    it('splits a store with rows, chunks, statistics and indexes by namespace, and every reader sees the same', async () => {
      backend = await backendOf()
      const b = backend
      const random = seededRandom(5)
      const big = clusteredVectors(300, dims, random, 6)
      const small = clusteredVectors(40, dims, random, 6)
      const probe = clusteredVectors(1, dims, random, 6)[0]!
      await migrate(b.db, { dimensions: dims })
      const open = () =>
        createPgVectorStore({
          ...(b.db instanceof PGlite ? { db: b.db } : { pool: b.db as never }),
          dimensions: dims,
          model: 'split',
          exactSearchMaxRows: threshold,
          autoIndex: false,
        })
      let store = await open()
      await store.upsert('big', writes('big', big))
      await store.upsert('small', writes('small', small))
      await store.putChunks('small', 'small-0', 'small-f0', [
        { idx: 0, text: 'first part', embedding: small[1]! },
        { idx: 1, text: 'second part', embedding: small[2]! },
      ])
      expect((await store.maintainVectorIndexes()).created.map((c) => c.namespace)).toEqual(['big'])
      const indexNames = async (table: string) =>
        (
          await b.sql(
            `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE i.indrelid = to_regclass($1) ORDER BY 1`,
            [table],
          )
        ).map((row) => String(row.name))
      const triggers = async () =>
        (
          await b.sql(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = 'memories'::regclass AND NOT tgisinternal ORDER BY 1",
          )
        ).map((row) => String(row.tgname))
      const statistics = async () =>
        await b.sql('SELECT namespace, documents, lexemes FROM agent_memory_keyword_corpus ORDER BY 1')
      const before = {
        read: await snapshot(store, probe),
        memoriesIndexes: (await indexNames('memories')).filter((n) => !n.startsWith('memories_hnsw_')),
        chunkIndexes: await indexNames('memory_chunks'),
        triggers: await triggers(),
        statistics: await statistics(),
        bytes: await store.storageBytes(),
      }
      expect(before.read.vector).toHaveLength(10)
      // A plain table's size is its own (a partitioned one's is its partitions', below).
      await b.sql('ANALYZE memories')
      expect(await b.sql(`SELECT ${plannerRows("'memories'")} AS rows`)).toEqual([{ rows: 340 }])
      expect(before.read.keyword.length).toBeGreaterThan(0)
      await store.close()

      await migrate(b.db, { dimensions: dims, partitions: 4 })
      const kinds = await b.sql(
        `SELECT c.relname AS name, c.relkind AS kind,
            (SELECT count(*)::int FROM pg_inherits WHERE inhparent = c.oid) AS parts
           FROM pg_class c WHERE c.relname IN ('memories', 'memory_chunks') ORDER BY 1`,
      )
      expect(kinds).toEqual([
        { name: 'memories', kind: 'p', parts: 4 },
        { name: 'memory_chunks', kind: 'p', parts: 4 },
      ])
      // The same indexes (the per-namespace one stays behind, to be built again), constraints,
      // triggers, and keyword statistics counted once.
      expect(await indexNames('memories')).toEqual(before.memoriesIndexes)
      expect(await indexNames('memory_chunks')).toEqual(before.chunkIndexes)
      expect(await triggers()).toEqual(before.triggers)
      expect(await statistics()).toEqual(before.statistics)
      expect(await b.sql('SELECT * FROM agent_memory_vector_indexes')).toEqual([])
      const storage = await b.sql(
        `SELECT a.attstorage AS storage FROM pg_attribute a JOIN pg_inherits h ON h.inhrelid = a.attrelid
           WHERE h.inhparent = 'memories'::regclass AND a.attname = 'embedding' GROUP BY 1`,
      )
      expect(storage).toEqual([{ storage: 'p' }])

      store = await open()
      try {
        expect(await snapshot(store, probe)).toEqual(before.read)
        // Sizes and the planner's row count are read from the partitions: a split parent has neither.
        expect(await store.storageBytes()).toBeGreaterThan(before.bytes / 2)
        // As autovacuum does: the partitions are analyzed, the parent never.
        for (const { relid } of await b.sql(
          "SELECT inhrelid::regclass::text AS relid FROM pg_inherits WHERE inhparent = 'memories'::regclass",
        ))
          await b.sql(`ANALYZE ${String(relid)}`)
        expect(await b.sql(`SELECT ${plannerRows("'memories'")} AS rows`)).toEqual([{ rows: 340 }])
        // The namespace's index is built on the partition that holds its rows, and calibrated.
        const report = await store.maintainVectorIndexes()
        expect(report.created.map((c) => [c.namespace, c.index, typeof c.efSearch])).toEqual([
          ['big', namespaceIndexName('memories', 'big'), 'number'],
        ])
        const home = await b.sql(
          `SELECT t.relname AS indexed, (SELECT c.relname FROM pg_class c WHERE c.oid = m.tableoid) AS holder
             FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid,
               LATERAL (SELECT tableoid FROM memories WHERE namespace = 'big' LIMIT 1) m
             WHERE i.indexrelid = to_regclass($1)`,
          [namespaceIndexName('memories', 'big')],
        )
        expect(home).toHaveLength(1)
        expect(home[0]!.indexed).toBe(home[0]!.holder)
        expect(String(home[0]!.indexed)).toMatch(/^memories_p\d$/)
        expect(await store.searchVector('big', probe, { limit: 10 })).toHaveLength(10)
        // Deleting a memory still cascades to its chunks across the split tables.
        await store.delete('small', ['small-0'])
        expect(await store.chunksOf('small', 'small-0')).toEqual([])
      } finally {
        await store.close()
      }

      // Asked again: nothing to do (the index built above survives); without the option the tables
      // stay split; another count is refused.
      await migrate(b.db, { dimensions: dims, partitions: 4 })
      await migrate(b.db, { dimensions: dims })
      const survivor = await b.sql('SELECT to_regclass($1) IS NOT NULL AS found', [
        namespaceIndexName('memories', 'big'),
      ])
      expect(survivor).toEqual([{ found: true }])
      await expect(migrate(b.db, { dimensions: dims, partitions: 8 })).rejects.toThrow(InvalidArgumentError)
      await expect(migrate(b.db, { dimensions: dims, partitions: 1 })).rejects.toThrow(/2\.\.1024/)
    })
  })
}

describePartitioning('PGlite', pgliteBackend)
if (requirePostgres('migrate({ partitions }) on PostgreSQL'))
  describePartitioning('PostgreSQL', postgresBackend)
