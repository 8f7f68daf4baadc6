import type pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from '../__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, openEmbeddedStore, type PgVectorStore } from '../index.js'

const dims = 4
const v = () => Float32Array.from([1, 0, 0, 0])

/** The inspector's read-only queries: the repair queue with reasons, and a memory's chunks. */
function inspectSuite(name: string, open: () => Promise<PgVectorStore>) {
  describe(name, { timeout: 300_000 }, () => {
    it('lists the repair queue oldest first with the recorded reason, scoped by namespace', async () => {
      const store = await open()
      try {
        const write = (id: string, embedding: Float32Array | null, createdAt: string) => ({
          id,
          tier: 'semantic' as const,
          content: `content ${id}`,
          fingerprint: id,
          embedding,
          createdAt: new Date(createdAt),
        })
        await store.upsert('u1', [
          write('p2', null, '2026-01-02'),
          write('p1', null, '2026-01-01'),
          write('ok', v(), '2026-01-01'),
        ])
        await store.upsert('u10', [write('other', null, '2026-01-01')])
        const [claim] = await store.claimPending({ limit: 1, leaseMs: 60_000, namespace: 'u1' })
        expect(claim?.id).toBe('p1')
        await store.failRepair('u1', 'p1', {
          backoffMs: 60_000,
          maxAttempts: 5,
          error: 'HTTP 503 from the embedder',
        })
        const queue = await store.repairQueue({ namespace: 'u1' })
        expect(queue.map((entry) => entry.id)).toEqual(['p1', 'p2'])
        expect(queue[0]).toMatchObject({
          namespace: 'u1',
          embedState: 'pending',
          attempts: 1,
          lastError: 'HTTP 503 from the embedder',
        })
        expect(queue[0]!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now())
        expect(queue[1]).toMatchObject({ attempts: 0, lastError: null, nextAttemptAt: null })
        expect((await store.repairQueue()).map((entry) => entry.id).sort()).toEqual(['other', 'p1', 'p2'])
      } finally {
        await store.close()
      }
    })

    it('counts what list pages through, with the same filter and liveness, per namespace', async () => {
      const store = await open()
      try {
        const write = (id: string, tags: string[], extra: Record<string, unknown> = {}) => ({
          id,
          tier: 'semantic' as const,
          content: `content ${id}`,
          fingerprint: id,
          embedding: v(),
          tags,
          ...extra,
        })
        await store.upsert('count', [
          write('a', ['x']),
          write('b', ['x', 'y']),
          write('c', []),
          write('gone', ['x'], { expiresAt: new Date('2020-01-01') }),
        ])
        await store.upsert('count-other', [write('d', ['x'])])
        expect(await store.countMemories('count')).toBe(3)
        expect(await store.countMemories('count', { tags: ['x'] })).toBe(2)
        expect(await store.countMemories('count', { tags: ['x'], includeExpired: true })).toBe(3)
        expect(await store.countMemories('count', { tags: ['x'] })).toBe(
          (await store.list('count', { filter: { tags: ['x'] } })).length,
        )
        expect(await store.countMemories('nobody')).toBe(0)
      } finally {
        await store.close()
      }
    })

    it("returns a memory's chunks in order, and nothing across namespaces", async () => {
      const store = await open()
      try {
        await store.upsert('u1', [
          {
            id: 'long',
            tier: 'semantic',
            content: 'first part. second part.',
            fingerprint: 'long',
            embedding: v(),
            chunks: [
              { idx: 1, text: 'second part.', embedding: v() },
              { idx: 0, text: 'first part.', embedding: v() },
            ],
          },
        ])
        expect(await store.chunksOf('u1', 'long')).toEqual([
          { idx: 0, text: 'first part.' },
          { idx: 1, text: 'second part.' },
        ])
        expect(await store.chunksOf('u10', 'long')).toEqual([])
        expect(await store.chunksOf('u1', 'missing')).toEqual([])
      } finally {
        await store.close()
      }
    })
  })
}

inspectSuite('inspector queries on PGlite', () => openEmbeddedStore({ dimensions: dims, model: 'inspect' }))

if (requirePostgres('inspection queries (PostgreSQL)')) {
  const databases: Array<{ drop: () => Promise<void> }> = []
  const pools: pg.Pool[] = []
  afterAll(async () => {
    for (const pool of pools) await pool.end()
    for (const database of databases) await database.drop()
  })
  inspectSuite('inspector queries on PostgreSQL', async () => {
    const database = await createTestDatabase('inspect')
    databases.push(database)
    const pool = testPool(database.url, 2)
    pools.push(pool)
    return createPgVectorStore({ pool, dimensions: dims, model: 'inspect', migrate: true })
  })
} else if (process.env.CI === 'true') {
  it('needs DATABASE_URL under CI', () => {
    throw new Error('DATABASE_URL is required under CI=true (run scripts/setup-postgres.sh)')
  })
}
