import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fingerprint, type MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { requirePostgres } from './__fixtures__/postgresTestDatabase.js'
import { postgresTestStore } from './__fixtures__/postgresTestStore.js'
import { storeSocketPath } from './embedded/storeSocketPath.js'
import { openEmbeddedStore } from './index.js'
import { accessKeyOf } from './store/accessKeyOf.js'
import type { PgVectorStore } from './store/PgVectorStore.js'

const dims = 4
const DAY = 86_400_000

const write = (id: string, content: string, axis: number, extra: Partial<MemoryWrite> = {}): MemoryWrite => ({
  id,
  tier: 'semantic',
  content,
  fingerprint: fingerprint(content),
  embedding: axisVector(dims, axis),
  ...extra,
})

/** The physical version of each memory row: a new version of the row changes it. */
type RowVersions = () => Promise<Record<string, string>>

/**
 * Reinforces memories, checks that no memory row got a new version (but the expiring one, whose
 * expiry slides) and that every reader sees the accesses: get, list and its order and filter, the
 * profile's candidates, the three search legs, export; an import writes the exported values back
 * exactly; delete takes the access rows along.
 */
async function checkReinforcement(
  store: PgVectorStore,
  versions: RowVersions,
  accessRows: () => Promise<number>,
) {
  const ns = 'reinforced'
  const created = new Date(Date.now() - 3 * DAY)
  await store.upsert(ns, [
    write('fact-a', 'the garden gate squeaks', 0, {
      createdAt: created,
      chunks: [{ idx: 0, text: 'the gate', embedding: axisVector(dims, 0) }],
    }),
    write('fact-b', 'the garden hose is green', 1, { createdAt: created }),
    write('fact-c', 'the garden shed is locked', 2, { createdAt: created }),
    write('errand', 'buy garden gloves', 3, { tier: 'working', expiresAt: new Date(Date.now() + DAY) }),
  ])
  const before = await versions()
  const first = new Date(Date.now() - 2 * DAY)
  const last = new Date(Date.now() - DAY)
  // The first access inserts the access row, the next ones update it in place (a repeated id counts twice).
  await store.reinforce(ns, ['fact-a', 'missing'], { at: new Date(first.getTime() - DAY) })
  await store.reinforce(ns, ['fact-b', 'missing', 'fact-a'], { at: first })
  await store.reinforce(ns, ['fact-b', 'errand'], { at: last, slidingTtlMs: 7 * DAY })
  const after = await versions()
  expect(after['fact-a']).toBe(before['fact-a'])
  expect(after['fact-b']).toBe(before['fact-b'])
  expect(after['fact-c']).toBe(before['fact-c'])
  // A sliding expiry is the row's own column: that row is written.
  expect(after.errand).not.toBe(before.errand)
  expect(await accessRows()).toBe(3)

  const a = (await store.get(ns, 'fact-a'))!
  const b = (await store.get(ns, 'fact-b'))!
  const c = (await store.get(ns, 'fact-c'))!
  const errand = (await store.get(ns, 'errand'))!
  expect([a.accessCount, a.lastAccessedAt.getTime()]).toEqual([2, first.getTime()])
  expect([b.accessCount, b.lastAccessedAt.getTime()]).toEqual([2, last.getTime()])
  expect([c.accessCount, c.lastAccessedAt.getTime()]).toEqual([0, created.getTime()])
  expect(errand.accessCount).toBe(1)
  expect(errand.expiresAt!.getTime()).toBe(last.getTime() + 7 * DAY)

  const byAccess = await store.list(ns, { orderBy: 'lastAccessedAt', direction: 'desc' })
  // errand and fact-b tie on the time: ids descending.
  expect(byAccess.map((m) => m.id)).toEqual(['fact-b', 'errand', 'fact-a', 'fact-c'])
  const accessedLately = await store.list(ns, { filter: { accessedAfter: new Date(first.getTime() + 1) } })
  expect(accessedLately.map((m) => m.id).sort()).toEqual(['errand', 'fact-b'])
  const candidates = await store.profileCandidates(ns, 2)
  const recent = candidates.filter((m) => m.id === 'fact-b' || m.id === 'fact-a')
  expect(recent.map((m) => [m.id, m.accessCount]).sort()).toEqual([
    ['fact-a', 2],
    ['fact-b', 2],
  ])

  const counts = (hits: Array<{ memory: { id: string; accessCount: number } }>) =>
    Object.fromEntries(hits.map((hit) => [hit.memory.id, hit.memory.accessCount]))
  expect(counts(await store.searchVector(ns, axisVector(dims, 0), { limit: 4 }))).toMatchObject({
    'fact-a': 2,
    'fact-b': 2,
    'fact-c': 0,
  })
  expect(counts(await store.searchText(ns, 'garden', { limit: 4 }))).toMatchObject({
    'fact-a': 2,
    'fact-b': 2,
  })
  expect(counts(await store.searchChunks(ns, axisVector(dims, 0), { limit: 4 }))).toEqual({ 'fact-a': 2 })

  const exported = await store.exportRows(ns, { limit: 10, vectors: true })
  expect(exported.find((row) => row.memory.id === 'fact-a')!.memory.accessCount).toBe(2)
  // Imported once, the rows hold the export's values (its timestamps are whole milliseconds).
  await store.importRows(ns, exported)
  // More accesses after that; importing the export again restores its values exactly.
  await store.reinforce(ns, ['fact-a', 'fact-c'], { at: new Date() })
  const outcomes = await store.importRows(ns, exported)
  expect(Object.fromEntries(outcomes.map((o) => [o.id, o.status]))).toEqual({
    errand: 'unchanged',
    'fact-a': 'updated',
    'fact-b': 'unchanged',
    'fact-c': 'updated',
  })
  for (const row of exported) {
    const now = (await store.get(ns, row.memory.id))!
    expect([now.accessCount, now.lastAccessedAt.getTime()], row.memory.id).toEqual([
      row.memory.accessCount,
      row.memory.lastAccessedAt.getTime(),
    ])
  }
  // Equal again: a second import changes nothing.
  expect((await store.importRows(ns, exported)).every((o) => o.status === 'unchanged')).toBe(true)

  await store.reinforce(ns, ['fact-a', 'fact-b'])
  expect(await store.delete(ns, ['fact-a', 'fact-b'])).toBe(2)
  expect(await accessRows()).toBe(0)
  // The erase finds the access table from the catalog like every other.
  await store.reinforce(ns, ['fact-c'])
  await store.reinforce(ns, ['fact-c', 'errand'])
  expect((await store.get(ns, 'fact-c'))!.accessCount).toBe(2)
  const erased = await store.eraseNamespace(ns)
  expect(erased.otherRows.agent_memory_access).toBe(2)
  expect(await accessRows()).toBe(0)
}

const VERSIONS = `SELECT id, ctid::text || ':' || xmin::text AS version FROM memories WHERE namespace = 'reinforced'`
const ACCESS_ROWS = `SELECT count(*)::int AS n FROM agent_memory_access WHERE namespace = 'reinforced'`

describe('recall’s reinforcement is kept beside the memory row', { timeout: 120_000 }, () => {
  const cleanups: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('on the embedded store (PGlite)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'am-access-'))
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
    // Served, so a plain client reads the rows' versions beside the store (in-process indexes on).
    const store = await openEmbeddedStore({ dataDir, dimensions: dims, handleSignals: false, serve: {} })
    cleanups.push(() => store.close())
    const raw = new pg.Client({ host: dirname(storeSocketPath(dataDir)), port: 5432, user: 'postgres' })
    await raw.connect()
    cleanups.push(() => raw.end())
    const query = async <Row extends pg.QueryResultRow>(text: string) => (await raw.query<Row>(text)).rows
    await checkReinforcement(
      store,
      async () =>
        Object.fromEntries(
          (await query<{ id: string; version: string }>(VERSIONS)).map((r) => [r.id, r.version]),
        ),
      async () => (await query<{ n: number }>(ACCESS_ROWS))[0]!.n,
    )
  })

  if (requirePostgres('reinforcement on PostgreSQL')) {
    it('on PostgreSQL', async () => {
      const { store, pool, close } = await postgresTestStore('access', { dimensions: dims, connections: 4 })
      cleanups.push(close)
      await checkReinforcement(
        store,
        async () =>
          Object.fromEntries(
            (await pool.query<{ id: string; version: string }>(VERSIONS)).rows.map((r) => [r.id, r.version]),
          ),
        async () => (await pool.query<{ n: number }>(ACCESS_ROWS)).rows[0]!.n,
      )
    })

    it('on PostgreSQL, reinforcements racing to create and update the same access rows all count', async () => {
      const { store, pool, close } = await postgresTestStore('accessrace', {
        dimensions: dims,
        connections: 4,
      })
      cleanups.push(close)
      const ids = Array.from({ length: 30 }, (_, i) => `m${String(i).padStart(2, '0')}`)
      await store.upsert(
        'race',
        ids.map((id, i) => write(id, `memory ${id}`, i % dims)),
      )
      // Eight at once, half of them listing the ids backwards: the first ones meet on new rows (a
      // unique key), the later ones on rows to update; every access counts, none fails.
      const rounds = 8
      await Promise.all(
        Array.from({ length: rounds }, (_, k) =>
          store.reinforce('race', k % 2 === 0 ? ids : [...ids].reverse()),
        ),
      )
      const rows = await pool.query<{ id: string; access_count: number }>(
        `SELECT listed.id, a.access_count FROM unnest($1::text[]) AS listed(id)
           LEFT JOIN agent_memory_access a ON a.namespace = 'race' AND a.access_key = ${accessKeyOf("'race'", 'listed.id')}
          ORDER BY listed.id`,
        [ids],
      )
      expect(rows.rows).toEqual(ids.map((id) => ({ id, access_count: rounds })))
      expect(await pool.query(`SELECT 1 FROM agent_memory_access WHERE namespace = 'race'`)).toMatchObject({
        rowCount: ids.length,
      })
      expect((await store.get('race', 'm07'))!.accessCount).toBe(rounds)

      // Made to race: another transaction inserts a new access row first and commits while the
      // reinforcement waits on its key; the reinforcement still adds its access to that row.
      await store.upsert('race', [write('late', 'a late memory', 0)])
      const other = await pool.connect()
      try {
        await other.query('BEGIN')
        await other.query(
          `INSERT INTO agent_memory_access (namespace, access_key, last_accessed_at, access_count)
             VALUES ('race', ${accessKeyOf("'race'", "'late'")}, now(), 5)`,
        )
        const reinforced = store.reinforce('race', ['late', 'm00'])
        for (let waiting = false; !waiting; ) {
          await new Promise((resolve) => setTimeout(resolve, 20))
          const seen = await pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
          waiting = seen.rows[0]!.n > 0
        }
        await other.query('COMMIT')
        await reinforced
      } finally {
        other.release()
      }
      expect((await store.get('race', 'late'))!.accessCount).toBe(6)
      expect((await store.get('race', 'm00'))!.accessCount).toBe(rounds + 1)
    })
  }
})
