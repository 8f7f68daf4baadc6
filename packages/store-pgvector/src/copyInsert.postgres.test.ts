import type { MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate } from './index.js'

if (requirePostgres('binary COPY of all-new batches')) {
  describe('binary COPY of all-new batches', { timeout: 300_000 }, () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    let pool: pg.Pool
    const dims = 8

    beforeAll(async () => {
      database = await createTestDatabase('copyinsert')
      pool = testPool(database.url, 4)
      await migrate(pool, { dimensions: dims })
    })
    afterAll(async () => {
      await pool?.end()
      await database?.drop()
    })

    const texts = [
      'The runners were running quickly to the stations',
      "don't stop-believing: e-mail me at a.b@example.com, v1.2.3 costs $3.50",
      '北京 東京 서울 Москва café naïve',
      'under_score snake_case CamelCase 007 1e10 x-ray',
      '',
    ]
    const writesFor = (prefix: string): MemoryWrite[] =>
      Array.from({ length: 40 }, (_, i) => ({
        id: `${prefix}-${i}`,
        tier: i % 2 === 0 ? 'semantic' : 'episodic',
        content: `${texts[i % texts.length]} #${i}`,
        summary: i % 3 === 0 ? null : `summary of ${texts[(i + 1) % texts.length]}`,
        metadata: { i, quote: 'a "b" \\ c' },
        tags: i % 4 === 0 ? [] : ['a,b', '{x}', '"q"', 'NULL', '', 'é', `t${i}`],
        linkedMemoryIds: i % 5 === 0 ? [`${prefix}-0`, `${prefix}-1`] : [],
        fingerprint: `fp${i}`,
        embedding: i % 7 === 6 ? null : axisVector(dims, i % dims),
        ...(i % 2 === 0 ? {} : { createdAt: new Date('2024-05-06T07:08:09.123Z') }),
        ...(i % 3 === 0 ? { observedAt: new Date('2025-01-02T03:04:05.678Z') } : {}),
      }))

    it('stores exactly what the row-insert path stores, tsvector and transaction time included', async () => {
      const bulk = await createPgVectorStore({ pool, dimensions: dims, bulkThreshold: 10 })
      const rows = await createPgVectorStore({ pool, dimensions: dims, bulkThreshold: 1_000_000 })
      try {
        const copied = await bulk.upsert('copy', writesFor('c'))
        const inserted = await rows.upsert('rows', writesFor('r'))
        expect(copied.every((outcome) => outcome.status === 'inserted')).toBe(true)
        expect(inserted.every((outcome) => outcome.status === 'inserted')).toBe(true)
        const differing = await pool.query(
          `SELECT c.id FROM memories c JOIN memories r
             ON r.namespace = 'rows' AND substr(r.id, 3) = substr(c.id, 3)
           WHERE c.namespace = 'copy' AND (
             c.tier, c.level, c.content, c.summary, c.metadata, c.importance, c.access_count,
             c.expires_at, c.superseded_by, c.valid_from, c.valid_to, c.valid_to_stamped, c.confidence, c.observed_at,
             c.assessed_importance, c.embed_state, c.fingerprint, c.embedding::text, c.search::text,
             c.repair_attempts, c.next_attempt_at, c.leased_until, c.last_error,
             c.tags, replace(array_to_string(c.linked_memory_ids, ','), 'c-', 'r-'))
           IS DISTINCT FROM (
             r.tier, r.level, r.content, r.summary, r.metadata, r.importance, r.access_count,
             r.expires_at, r.superseded_by, r.valid_from, r.valid_to, r.valid_to_stamped, r.confidence, r.observed_at,
             r.assessed_importance, r.embed_state, r.fingerprint, r.embedding::text, r.search::text,
             r.repair_attempts, r.next_attempt_at, r.leased_until, r.last_error,
             r.tags, array_to_string(r.linked_memory_ids, ','))`,
        )
        expect(differing.rows).toEqual([])
        const times = await pool.query<{ id: string; created: string; updated: string; accessed: string }>(
          `SELECT id, created_at::text AS created, updated_at::text AS updated, last_accessed_at::text AS accessed
           FROM memories WHERE namespace = 'copy' ORDER BY id`,
        )
        const batchTimes = new Set(times.rows.map((row) => row.updated))
        // One transaction, one now(), kept to the microsecond like the INSERT path's now().
        expect(batchTimes.size).toBe(1)
        for (const row of times.rows) {
          const i = Number(row.id.slice(2))
          expect(row.accessed).toBe(row.created)
          if (i % 2 === 0) expect(row.created).toBe(row.updated)
          else expect(new Date(row.created).getTime()).toBe(Date.parse('2024-05-06T07:08:09.123Z'))
        }
        const got = (await bulk.get('copy', 'c-1'))!
        expect(got.tags).toEqual(['a,b', '{x}', '"q"', 'NULL', '', 'é', 't1'])
        expect((await bulk.searchText('copy', 'running station', { limit: 50 })).length).toBeGreaterThan(0)
        const viaCopy = await bulk.searchText('copy', '東京 running', { limit: 50 })
        const viaRows = await rows.searchText('rows', '東京 running', { limit: 50 })
        expect(viaCopy.length).toBeGreaterThan(0)
        expect(viaCopy.map((hit) => [hit.memory.id.slice(2), hit.score])).toEqual(
          viaRows.map((hit) => [hit.memory.id.slice(2), hit.score]),
        )
      } finally {
        await bulk.close()
        await rows.close()
      }
    })

    it('takes the update path as soon as one id of the batch exists', async () => {
      const bulk = await createPgVectorStore({ pool, dimensions: dims, bulkThreshold: 10 })
      try {
        const first = writesFor('u').slice(0, 20)
        await bulk.upsert('mixed', first.slice(0, 1))
        const outcomes = await bulk.upsert(
          'mixed',
          first.map((write) => ({ ...write, content: `${write.content} again` })),
        )
        expect(outcomes.map((outcome) => outcome.status)).toEqual([
          'updated',
          ...Array.from({ length: 19 }, () => 'inserted'),
        ])
        const list = await bulk.list('mixed', { limit: 100 })
        expect(list).toHaveLength(20)
        expect(list.every((memory) => memory.content.endsWith(' again'))).toBe(true)
        // An id owned by another namespace is a conflict, never copied over.
        const conflicted = await bulk.upsert('elsewhere', writesFor('u').slice(0, 12))
        expect(conflicted.every((outcome) => outcome.status === 'conflict')).toBe(true)
      } finally {
        await bulk.close()
      }
    })
  })
}
