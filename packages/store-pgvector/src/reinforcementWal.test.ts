import { fingerprint, type MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { requirePostgres } from './__fixtures__/postgresTestDatabase.js'
import { postgresTestStore } from './__fixtures__/postgresTestStore.js'

const dims = 4

const write = (id: string): MemoryWrite => ({
  id,
  tier: 'semantic',
  content: `the note numbered ${id}`,
  fingerprint: fingerprint(`the note numbered ${id}`),
  embedding: axisVector(dims, 0),
})

/** Records the WAL holds for this database between two positions, counted by `resource manager/record type`. */
async function walRecords(pool: pg.Pool, from: string, to: string) {
  // pg_walinspect reads flushed WAL only, and an access row's write does not wait for the flush
  // (`ACCESS_WRITE_SETTINGS`): the WAL writer flushes it within its delay.
  for (let waited = 0; waited < 5_000; waited += 50) {
    const { rows } = await pool.query<{ flushed: boolean }>(
      'SELECT pg_current_wal_flush_lsn() >= $1::pg_lsn AS flushed',
      [to],
    )
    if (rows[0]!.flushed) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const { rows } = await pool.query<{ kind: string; records: number; bytes: number; memories: number }>(
    `WITH w AS (SELECT * FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)),
          db AS (SELECT 'rel \\d+/' || oid || '/' AS pattern FROM pg_database WHERE datname = current_database()),
          own AS (SELECT w.* FROM w, db WHERE w.block_ref ~ db.pattern),
          -- the files of memories and of its indexes (a new version of a memory row touches them)
          memories AS (SELECT pg_relation_filenode(c.oid)::text AS node FROM pg_class c
                        WHERE c.oid = 'memories'::regclass
                           OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'memories'::regclass))
     SELECT resource_manager || '/' || record_type AS kind, count(*)::int AS records,
            sum(pg_wal_lsn_diff(end_lsn, start_lsn) - fpi_length)::int AS bytes,
            count(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM memories, db WHERE block_ref ~ (db.pattern || memories.node || ' ')))::int AS memories
       FROM w WHERE block_ref ~ (SELECT pattern FROM db)
         OR (xid <> '0' AND xid IN (SELECT xid FROM own))
      GROUP BY 1`,
    [from, to],
  )
  return new Map(rows.map((row) => [row.kind, row]))
}

const lsn = async (pool: pg.Pool) =>
  (await pool.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0]!.lsn

describe('what a reinforcement writes to the WAL', { timeout: 120_000 }, () => {
  if (!requirePostgres('reinforcement WAL on PostgreSQL')) return
  it('a first access: one narrow row and its key; a repeat: one heap-only update; never a block of `memories`', async () => {
    const { store, pool, close } = await postgresTestStore('accesswal', { dimensions: dims, connections: 2 })
    try {
      const { rows } = await pool.query<{ available: boolean }>(
        "SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_walinspect') AS available",
      )
      // PostgreSQL 15 ships it in contrib: a server without it is a broken test setup, not a pass.
      expect(rows[0]!.available, 'pg_walinspect is not installed on the test server').toBe(true)
      await pool.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect')
      // Ids and a namespace of the sizes an application uses (uuids, a user key).
      const ns = 'user-0001'
      const ids = Array.from({ length: 9 }, (_, i) => `0c8f7d2e-5b4a-4e1f-9a3c-6d2b8e4f10a${i}`)
      const [n0, n1, n2, n3, n4, , , n7, n8] = ids as [string, ...string[]] as string[]
      await store.upsert(ns, ids.slice(0, 8).map(write))
      await store.reinforce(ns, [n7!])

      const measure = async (reinforced: string[]) => {
        const from = await lsn(pool)
        await store.reinforce(ns, reinforced)
        return walRecords(pool, from, await lsn(pool))
      }
      const count = (records: Awaited<ReturnType<typeof walRecords>>, prefix: string) =>
        [...records.values()].filter((r) => r.kind.startsWith(prefix)).reduce((sum, r) => sum + r.records, 0)

      // Five first accesses (an id listed twice counts twice in one row).
      const first = await measure([n0!, n1!, n2!, n3!, n4!, n4!])
      expect(count(first, 'Heap/INSERT')).toBe(5)
      expect(count(first, 'Btree/INSERT_LEAF')).toBe(5)
      expect(count(first, 'Heap/UPDATE') + count(first, 'Heap/HOT_UPDATE')).toBe(0)
      expect(count(first, 'Transaction/COMMIT')).toBe(1)
      expect([...first.values()].reduce((sum, r) => sum + r.memories, 0)).toBe(0)
      // No upsert's tuple lock or speculative-insertion confirmation.
      expect(count(first, 'Heap/LOCK') + count(first, 'Heap/CONFIRM')).toBe(0)
      // Keyed by 16 bytes (migration 0013): a first access logs an index entry of the key alone
      // (72 bytes a record, 104 when the namespace and the uuid's text made the key) and a
      // narrower row (104 bytes a record, 120 before).
      expect(first.get('Btree/INSERT_LEAF')!.bytes / 5).toBeLessThanOrEqual(80)
      expect(first.get('Heap/INSERT')!.bytes / 5).toBeLessThanOrEqual(112)
      const key = await pool.query<{ columns: string[] }>(
        `SELECT array_agg(a.attname::text ORDER BY k.ord) AS columns
           FROM pg_index i, unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
           JOIN pg_attribute a ON a.attrelid = 'agent_memory_access'::regclass AND a.attnum = k.attnum
          WHERE i.indrelid = 'agent_memory_access'::regclass AND i.indisprimary`,
      )
      expect(key.rows[0]!.columns).toEqual(['access_key'])

      // Repeats: updated in place, heap-only, no index entry.
      const repeat = await measure([n0!, n1!, n2!, n7!])
      expect(count(repeat, 'Heap/HOT_UPDATE')).toBe(4)
      expect(count(repeat, 'Heap/UPDATE') + count(repeat, 'Heap/INSERT') + count(repeat, 'Btree/')).toBe(0)
      expect(count(repeat, 'Transaction/COMMIT')).toBe(1)
      expect([...repeat.values()].reduce((sum, r) => sum + r.memories, 0)).toBe(0)
      // A heap-only update of the access row logs what changed, not the row's key.
      expect(repeat.get('Heap/HOT_UPDATE')!.bytes / 4).toBeLessThanOrEqual(88)

      // The check sees `memories` where it is written: a write of a memory touches its blocks.
      const from = await lsn(pool)
      await store.upsert(ns, [write(n8!)])
      const written = await walRecords(pool, from, await lsn(pool))
      expect([...written.values()].reduce((sum, r) => sum + r.memories, 0)).toBeGreaterThan(0)

      const got = await store.get(ns, n4!)
      expect(got!.accessCount).toBe(2)
    } finally {
      await close()
    }
  })
})
