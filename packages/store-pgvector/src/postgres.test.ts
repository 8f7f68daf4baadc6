import { type MemoryWrite, StoreError } from '@agent-memory/core'
import { axisVector, clusteredVectors, seededRandom } from '@agent-memory/testkit'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestDatabase,
  databaseUrl,
  requirePostgres,
  testPool,
} from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate } from './index.js'
import { migrationsFolder } from './migrate/migrationsFolder.js'
import { namespaceIndexName } from './store/indexes/namespaceIndexName.js'

const url = databaseUrl()!

if (requirePostgres('PostgreSQL-only behaviour')) {
  describe('PostgreSQL-only behaviour', { timeout: 300_000 }, () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    let pool: pg.Pool
    const dims = 16
    const v = (axis: number) => axisVector(dims, axis)

    beforeAll(async () => {
      database = await createTestDatabase('pgonly')
      pool = testPool(database.url, 6)
      // The kill test terminates this pool's idle connections too.
      pool.on('error', () => undefined)
    })
    afterAll(async () => {
      await pool?.end()
      await database?.drop()
    })

    it('migrates idempotently when two callers race', async () => {
      const other = testPool(database.url, 2)
      try {
        await Promise.all([
          migrate(pool, { dimensions: dims }),
          migrate(other, { dimensions: dims }),
          migrate(other, { dimensions: dims }),
        ])
        await migrate(pool, { dimensions: dims })
        const applied = await pool.query('SELECT count(*)::int AS n FROM agent_memory_migrations')
        // Each committed migration applied exactly once.
        expect(applied.rows[0].n).toBe(readMigrationFiles({ migrationsFolder }).length)
        // No global HNSW by default: namespaces get their own when they need one (maintainVectorIndexes).
        const indexes = await pool.query(
          "SELECT indexname FROM pg_indexes WHERE indexname LIKE '%embedding_hnsw' ORDER BY indexname",
        )
        expect(indexes.rows.map((row) => row.indexname)).toEqual([])
        const storage = await pool.query(
          "SELECT attstorage FROM pg_attribute WHERE attrelid = 'memories'::regclass AND attname = 'embedding'",
        )
        expect(storage.rows[0].attstorage).toBe('p')
        // Migration 0005: the keyword leg's tsvector stays in the row beside the PLAIN vector.
        const search = await pool.query(
          "SELECT attstorage FROM pg_attribute WHERE attrelid = 'memories'::regclass AND attname = 'search'",
        )
        expect(search.rows[0].attstorage).toBe('m')
      } finally {
        await other.end()
      }
    })

    it('never ends a pool it was given, and refuses calls after close', async () => {
      const store = await createPgVectorStore({ pool, dimensions: dims, model: 'pg-only' })
      await store.close()
      expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1)
      await expect(store.get('ns', 'x')).rejects.toSatisfy(StoreError.isInstance)
    })

    it('keeps passwords and parameters out of errors', async () => {
      const attempt = createPgVectorStore({
        connectionString: 'postgres://postgres:hunter2secret@127.0.0.1:1/nowhere',
        dimensions: dims,
      })
      const error = await attempt.then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(StoreError.isInstance(error)).toBe(true)
      expect((error as StoreError).kind).toBe('connection')
      expect(String((error as Error).message)).not.toContain('hunter2secret')
      expect((error as Error).cause).toBeUndefined()

      const store = await createPgVectorStore({ pool, dimensions: dims, model: 'pg-only' })
      try {
        await store.upsert('hyg', [
          { id: 'secret-row', tier: 'semantic', content: 'visible', fingerprint: 'f', embedding: v(0) },
        ])
        // The same id from another namespace races past the pre-check only through the
        // constraint; here a raw duplicate through the pool produces a constraint error to map.
        const violation = await pool
          .query(
            "INSERT INTO agent_memory_meta (id, model, dimensions) VALUES (2, 'password=hunter2secret', 1)",
          )
          .then(
            () => undefined,
            (caught: unknown) => caught,
          )
        const { mapDatabaseError } = await import('./sql/mapDatabaseError.js')
        const mapped = mapDatabaseError(violation)
        expect(StoreError.isInstance(mapped)).toBe(true)
        expect((mapped as StoreError).kind).toBe('constraint')
        expect(mapped.message).not.toContain('hunter2secret')
      } finally {
        await store.close()
      }
    })

    it('uses a namespace HNSW index only above exactSearchMaxRows, and answers both completely', async () => {
      // One connection, so the index-usage statistics flushed below are the store's own.
      const single = testPool(database.url, 1)
      const store = await createPgVectorStore({
        pool: single,
        dimensions: dims,
        model: 'pg-only',
        exactSearchMaxRows: 300,
      })
      try {
        const random = seededRandom(3)
        const big = clusteredVectors(4000, dims, random, 20)
        const small = clusteredVectors(200, dims, random, 20)
        const rows = (prefix: string, vectors: Float32Array<ArrayBuffer>[]): MemoryWrite[] =>
          vectors.map((embedding, i) => ({
            id: `${prefix}-${i}`,
            tier: 'semantic',
            content: `row ${i}`,
            fingerprint: `f${i}`,
            embedding,
          }))
        await store.upsert('ann-big', rows('big', big))
        await store.upsert('ann-small', rows('small', small))
        await single.query('ANALYZE memories')
        const report = await store.maintainVectorIndexes()
        expect(report.created.map((change) => `${change.table}:${change.namespace}`)).toEqual([
          'memories:ann-big',
        ])
        const scans = async () => {
          await single.query('SELECT pg_stat_force_next_flush()')
          const result = await pool.query(
            'SELECT idx_scan FROM pg_stat_user_indexes WHERE indexrelname = $1',
            [namespaceIndexName('memories', 'ann-big')],
          )
          return Number(result.rows[0].idx_scan)
        }
        const before = await scans()
        expect(await store.searchVector('ann-small', small[0]!, { limit: 10 })).toHaveLength(10)
        expect(await scans()).toBe(before)
        const hits = await store.searchVector('ann-big', big[0]!, { limit: 10 })
        expect(hits).toHaveLength(10)
        expect(hits[0]!.memory.id).toBe('big-0')
        expect(hits.every((hit) => hit.memory.namespace === 'ann-big')).toBe(true)
        expect(await scans()).toBeGreaterThan(before)
      } finally {
        await store.close()
        await single.end()
      }
    })

    it('writes large batches through binary COPY with the same result as row inserts', async () => {
      const store = await createPgVectorStore({ pool, dimensions: dims, model: 'pg-only', bulkThreshold: 50 })
      try {
        const created = new Date('2025-01-02T03:04:05.678Z')
        const writes: MemoryWrite[] = Array.from({ length: 120 }, (_, i) => ({
          id: `bulk-${i}`,
          tier: i % 2 === 0 ? 'semantic' : 'episodic',
          level: i % 3 === 0 ? 'explicit' : null,
          content: `bulk row ${i} 北京 \u00e9 "quoted" \\ backslash`,
          summary: i % 4 === 0 ? null : `summary ${i}`,
          metadata: { i, even: i % 2 === 0, nested: { s: 'x' } },
          tags: i % 5 === 0 ? [] : ['t', `t${i}`],
          importance: 0.25,
          expiresAt: i % 7 === 0 ? new Date(Date.now() + 86_400_000) : null,
          validFrom: created,
          confidence: i % 2 === 0 ? null : 0.5,
          linkedMemoryIds: i % 3 === 0 ? ['bulk-0'] : [],
          fingerprint: `bf${i}`,
          embedding: i % 10 === 9 ? null : v(i),
          createdAt: created,
          chunks: i % 6 === 0 ? [{ idx: 0, text: `chunk ${i}`, embedding: v(i + 1) }] : undefined,
        }))
        const outcomes = await store.upsert('bulk', writes)
        expect(outcomes.every((outcome) => outcome.status === 'inserted')).toBe(true)
        for (const i of [0, 9, 13, 42, 119]) {
          const got = (await store.get('bulk', `bulk-${i}`))!
          const w = writes[i]!
          expect(got).toMatchObject({
            tier: w.tier,
            level: w.level,
            content: w.content,
            summary: w.summary,
            metadata: w.metadata,
            tags: w.tags,
            importance: 0.25,
            confidence: w.confidence,
            linkedMemoryIds: w.linkedMemoryIds,
            embedState: w.embedding === null ? 'pending' : 'ok',
          })
          expect(got.createdAt.getTime()).toBe(created.getTime())
          expect(got.validFrom!.getTime()).toBe(created.getTime())
          expect(got.expiresAt?.getTime() ?? null).toBe(w.expiresAt?.getTime() ?? null)
        }
        expect((await store.searchText('bulk', '北京', { limit: 200 })).length).toBe(120)
        expect((await store.stats('bulk'))[0]).toMatchObject({ total: 120, pending: 12, chunks: 20 })
        const again = await store.upsert(
          'bulk',
          writes.map((w) => ({ ...w, content: `${w.content} v2` })),
        )
        expect(again.every((outcome) => outcome.status === 'updated')).toBe(true)
        expect((await store.stats('bulk'))[0]!.chunks).toBe(20)
        expect((await store.get('bulk', 'bulk-1'))!.content).toContain('v2')
      } finally {
        await store.close()
      }
    })

    it('survives pg_terminate_backend mid-write: every acknowledged write is present', async () => {
      const connectionErrors: Error[] = []
      const store = await createPgVectorStore({
        connectionString: database.url,
        maxConnections: 4,
        dimensions: dims,
        model: 'pg-only',
        onConnectionError: (error) => connectionErrors.push(error),
      })
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      try {
        const acknowledged: string[] = []
        const failures: unknown[] = []
        let writing = true
        const writer = (async () => {
          for (let batch = 0; batch < 150; batch++) {
            const ids = Array.from({ length: 20 }, (_, i) => `kill-${batch}-${i}`)
            try {
              await store.upsert(
                'killed',
                ids.map((id, i) => ({
                  id,
                  tier: 'semantic',
                  content: `content ${id} secret-param-value`,
                  fingerprint: id,
                  embedding: v(i),
                })),
              )
              acknowledged.push(...ids)
            } catch (error) {
              failures.push(error)
            }
          }
          writing = false
        })()
        let kills = 0
        while (writing) {
          const killed = await admin.query(
            `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
             WHERE datname = $1 AND pid <> pg_backend_pid() AND application_name <> 'admin'`,
            [database.name],
          )
          kills += killed.rows[0].n
          await new Promise((resolve) => setTimeout(resolve, 15))
        }
        await writer
        expect(kills).toBeGreaterThan(0)
        expect(failures.length).toBeGreaterThan(0)
        for (const failure of failures) {
          expect(StoreError.isInstance(failure), String(failure)).toBe(true)
          expect((failure as StoreError).message).not.toContain('secret-param-value')
        }
        const present = await pool.query(
          "SELECT count(*)::int AS n FROM memories WHERE namespace = 'killed' AND id = ANY($1::text[])",
          [acknowledged],
        )
        expect(present.rows[0].n).toBe(acknowledged.length)
        // The store still works after its connections were killed.
        await store.upsert('killed', [
          { id: 'after', tier: 'semantic', content: 'x', fingerprint: 'x', embedding: v(0) },
        ])
        expect(await store.get('killed', 'after')).not.toBeNull()
      } finally {
        await admin.end()
        await store.close()
      }
    })

    it('turns a statement past statementTimeoutMs into a retryable timeout and keeps working', async () => {
      await migrate(pool, { dimensions: dims })
      const store = await createPgVectorStore({
        pool,
        dimensions: dims,
        model: 'pg-only',
        statementTimeoutMs: 200,
      })
      const ns = `timeout-${Date.now()}`
      await store.upsert(ns, [
        { id: `${ns}-a`, tier: 'semantic', content: 'a', fingerprint: 'fa', embedding: v(1) },
      ])
      // Another session holds an exclusive lock, so the store's next statement waits on it.
      const blocker = await pool.connect()
      try {
        await blocker.query('BEGIN')
        await blocker.query('LOCK TABLE memories IN ACCESS EXCLUSIVE MODE')
        let caught: unknown
        try {
          await store.get(ns, `${ns}-a`)
        } catch (error) {
          caught = error
        }
        expect(StoreError.isInstance(caught)).toBe(true)
        expect((caught as StoreError).kind).toBe('timeout')
        expect((caught as StoreError).retryable).toBe(true)
      } finally {
        await blocker.query('ROLLBACK')
        blocker.release()
      }
      expect((await store.get(ns, `${ns}-a`))?.content).toBe('a')
      await store.close()
    })
  })
}
