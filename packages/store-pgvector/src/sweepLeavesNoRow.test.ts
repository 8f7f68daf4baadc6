import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fingerprint, type MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import { afterAll, describe, expect, it } from 'vitest'
import { requirePostgres } from './__fixtures__/postgresTestDatabase.js'
import { postgresTestStore } from './__fixtures__/postgresTestStore.js'
import { loadPglite } from './embedded/loadPglite.js'
import { openEmbeddedStore } from './index.js'
import type { PgVectorStore } from './store/PgVectorStore.js'

const dims = 4
const DAY = 86_400_000
/** Words only the expired memories hold: a keyword-statistics row naming one is a row of theirs. */
const MARKERS = ['qwxzplorb', 'vrumtesk']

const write = (id: string, content: string, axis: number, extra: Partial<MemoryWrite> = {}): MemoryWrite => ({
  id,
  tier: 'working',
  content,
  fingerprint: fingerprint(content),
  embedding: axisVector(dims, axis),
  ...extra,
})

/** Reads every row of every table of the schema that has a `namespace` column (from the catalog). */
type ReadAll = () => Promise<Array<{ table: string; rows: string[] }>>

const TABLES_WITH_NAMESPACE = `SELECT DISTINCT table_name FROM information_schema.columns
  WHERE column_name = 'namespace' AND table_schema = current_schema() ORDER BY table_name`

/** `ReadAll` over any connection that answers queries (PGlite or a node-postgres pool). */
function readAllWith(query: (text: string) => Promise<{ rows: unknown[] }>): ReadAll {
  const rows = async <Row>(text: string) => (await query(text)).rows as Row[]
  return async () => {
    const names = await rows<{ table_name: string }>(TABLES_WITH_NAMESPACE)
    return Promise.all(
      names.map(async ({ table_name: table }) => ({
        table,
        rows: (await rows<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table}" t`)).map(
          (r) => r.row,
        ),
      })),
    )
  }
}

/**
 * Writes expired memories (with chunks, history, links and searches that load every index and
 * statistic) beside live ones, sweeps, and reads every table that has a `namespace` column.
 */
async function checkSweep(
  store: PgVectorStore,
  readAll: () => Promise<ReadAll>,
  stillOpen: boolean,
): Promise<string[]> {
  const past = new Date(Date.now() - DAY)
  const expired = [
    write('exp-1', `an ${MARKERS[0]} reminder about the parking level`, 0, {
      expiresAt: past,
      chunks: [{ idx: 0, text: `${MARKERS[0]} chunk`, embedding: axisVector(dims, 1) }],
    }),
    write('exp-2', `the ${MARKERS[1]} errand for today`, 1, { expiresAt: past }),
    write('exp-old', `an older ${MARKERS[1]} errand`, 2),
  ]
  const live = [
    write('live-1', 'the parking level is three', 0, { tier: 'semantic' }),
    write('live-2', 'errands are done on saturday', 1, { tier: 'semantic' }),
  ]
  await store.upsert('all-expired', [expired[0]!])
  await store.upsert('mixed', [...expired.slice(1), ...live])
  expect(await store.supersede('mixed', 'exp-old', 'exp-2')).toBe(true)
  expect(await store.addLink('mixed', 'live-1', 'exp-2')).toBe(true)
  for (const ns of ['all-expired', 'mixed']) {
    await store.searchText(ns, `${MARKERS.join(' ')} parking errand`, {
      limit: 10,
      filter: { includeExpired: true },
    })
    await store.searchVector(ns, axisVector(dims, 0), { limit: 10, filter: { includeExpired: true } })
    await store.searchChunks(ns, axisVector(dims, 1), { limit: 10, filter: { includeExpired: true } })
  }
  // Reinforced: their access rows must go with them.
  await store.reinforce('all-expired', ['exp-1'])
  await store.reinforce('mixed', ['exp-2', 'exp-old', 'live-1'])
  const counts = await store.sweepExpired(undefined, new Date())
  expect(counts).toEqual({ expired: 2, history: 1, chunks: 1, namespaces: ['all-expired', 'mixed'] })
  // Read before any search, so nothing after the sweep tidies up for it (an index catching up).
  const read = await readAll()
  const tables = await read()
  const gone = [...expired.map((w) => w.id), ...MARKERS]
  const leftovers = tables.flatMap(({ table, rows }) =>
    rows
      .filter((row) => gone.some((mark) => row.includes(mark)) || row.includes('"all-expired"'))
      .map((row) => `${table}: ${row}`),
  )
  expect(leftovers).toEqual([])
  if (stillOpen) {
    // The in-process indexes (embedded) and the SQL legs agree: nothing of the swept rows is found.
    const found = await store.searchText('mixed', `${MARKERS.join(' ')} parking errand`, {
      limit: 10,
      filter: { includeExpired: true, includeSuperseded: true },
    })
    expect(found.map((hit) => hit.memory.id).sort()).toEqual(['live-1', 'live-2'])
    const nearest = await store.searchVector('mixed', axisVector(dims, 1), {
      limit: 10,
      filter: { includeExpired: true, includeSuperseded: true },
    })
    expect(nearest.map((hit) => hit.memory.id).sort()).toEqual(['live-1', 'live-2'])
    expect((await store.get('mixed', 'live-1'))!.linkedMemoryIds).toEqual([])
  }
  return tables.map(({ table }) => table)
}

describe('after a sweep no row of an expired memory remains in any table', { timeout: 120_000 }, () => {
  const cleanups: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('on the embedded store (PGlite, in-process indexes, row change log)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'am-sweep-'))
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
    const store = await openEmbeddedStore({ dataDir, dimensions: dims, handleSignals: false })
    const tables = await checkSweep(
      store,
      async () => {
        await store.close()
        const { PGlite, vector } = await loadPglite()
        const db = new PGlite(dataDir, { extensions: { vector } })
        cleanups.push(() => db.close())
        return readAllWith((text) => db.query(text))
      },
      false,
    )
    expect(tables).toEqual(
      expect.arrayContaining(['memories', 'memory_chunks', 'agent_memory_keyword_changes']),
    )
  })

  if (requirePostgres('expiry sweep on PostgreSQL')) {
    it('on PostgreSQL (keyword statistics maintained on write)', async () => {
      const { store, pool, close } = await postgresTestStore('sweep', { dimensions: dims, connections: 4 })
      cleanups.push(close)
      const tables = await checkSweep(store, async () => readAllWith((text) => pool.query(text)), true)
      expect(tables).toEqual(
        expect.arrayContaining([
          'memories',
          'memory_chunks',
          'agent_memory_keyword_lexemes',
          'agent_memory_keyword_corpus',
          'agent_memory_access',
        ]),
      )
    })
  }
})
