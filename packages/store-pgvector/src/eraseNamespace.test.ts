import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemory, ledgerNamespace, type MemoryService } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { loadPglite } from './embedded/loadPglite.js'
import { createPgVectorStore, migrate, openEmbeddedStore, type PgVectorStore } from './index.js'

const dims = 64
const QUERIES = ['garden tomatoes', 'train to Lyon', 'piano lessons', 'allergic to peanuts']
type Sql = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>

interface Backend {
  store(): PgVectorStore
  /** Runs `work` with SQL beside the store (the embedded store is closed meanwhile: PGlite has one owner). */
  inspect<T>(work: (sql: Sql) => Promise<T>): Promise<T>
  close(): Promise<void>
}

async function embedded(): Promise<Backend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'am-erase-'))
  const open = () =>
    openEmbeddedStore({
      dataDir,
      model: 'hashing',
      dimensions: dims,
      exactSearchMaxRows: 8,
      handleSignals: false,
    })
  let store = await open()
  return {
    store: () => store,
    inspect: async (work) => {
      await store.close()
      const { PGlite, vector } = await loadPglite()
      const db = await PGlite.create(dataDir, { extensions: { vector } })
      try {
        return await work(
          async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows,
        )
      } finally {
        await db.close()
        store = await open()
      }
    },
    close: async () => {
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function postgres(): Promise<Backend> {
  const database = await createTestDatabase('erase')
  const admin = testPool(database.url, 2)
  await migrate(admin, { dimensions: dims })
  const pool = new pg.Pool({ connectionString: database.url, max: 4 })
  pool.on('error', () => undefined)
  // The test builds the indexes itself: background upkeep (on by default on PostgreSQL) could build
  // them first, and `maintainVectorIndexes` would then report none created.
  const store = await createPgVectorStore({
    pool,
    dimensions: dims,
    model: 'hashing',
    exactSearchMaxRows: 8,
    autoIndex: false,
  })
  return {
    store: () => store,
    inspect: (work) => work(async (text, params) => (await admin.query(text, params)).rows),
    close: async () => {
      await store.close()
      await pool.end()
      await admin.end()
      await database.drop()
    },
  }
}

/** Rows per table (every table with a `namespace` column the catalog lists) for each namespace. */
async function rowsByTable(sql: Sql, namespaces: string[]): Promise<Record<string, number>> {
  const tables = await sql(
    `SELECT DISTINCT table_schema AS schema, table_name AS name FROM information_schema.columns
      WHERE column_name = 'namespace' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`,
  )
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['memories', 'memory_chunks']))
  const counts: Record<string, number> = {}
  for (const { schema, name } of tables) {
    const [row] = await sql(
      `SELECT count(*)::int AS n FROM "${String(schema)}"."${String(name)}" WHERE namespace = ANY($1::text[])`,
      [namespaces],
    )
    counts[`${String(schema)}.${String(name)}`] = Number(row?.n)
  }
  return counts
}

/**
 * One instant for every service of the test: recall's ranking reads the clock (recency, decay), so
 * answers compared across rounds would otherwise depend on how long the rounds took.
 */
const NOW = new Date()

function memoryOf(store: PgVectorStore): MemoryService {
  return createMemory({
    store,
    embedder: createHashingEmbedder({ dimensions: dims }),
    options: { now: () => NOW },
  })
}

async function seed(memory: MemoryService, namespace: string): Promise<void> {
  const long = `${'The garden has tomatoes, beans and a long row of herbs. '.repeat(12)}The end.`
  const results = await memory.rememberMany(namespace, [
    { content: 'Takes the train to Lyon every Friday', tags: ['travel'] },
    { content: 'Started piano lessons in March', importance: 0.8 },
    { content: 'Is allergic to peanuts', tags: ['health'] },
    { content: long },
    ...Array.from({ length: 14 }, (_, i) => ({ content: `Note ${i} about the week` })),
  ])
  await memory.supersede(namespace, results[1]!.id, { content: 'Stopped piano lessons in June' })
  // The observe ledger keeps its marks in a namespace derived from the user's.
  await memory.rememberMany(ledgerNamespace(namespace), [
    { content: 'observed message 1', tier: 'procedural', importance: 0 },
    { content: 'observed message 2', tier: 'procedural', importance: 0 },
  ])
}

async function answers(memory: MemoryService, namespace: string): Promise<string[][]> {
  const out: string[][] = []
  for (const query of QUERIES) {
    out.push((await memory.recall(namespace, query, { limit: 5 })).hits.map((hit) => hit.memory.id))
  }
  return out
}

async function eraseLeavesNothing(backend: Backend): Promise<void> {
  let memory = memoryOf(backend.store())
  await seed(memory, 'ada')
  await seed(memory, 'bob')
  const report = await backend.store().maintainVectorIndexes()
  expect(report.created.length).toBeGreaterThan(0)
  const adaBefore = await answers(memory, 'ada')
  expect(adaBefore.flat().length).toBeGreaterThan(0)
  const bobBefore = await answers(memory, 'bob')
  // Recall's reinforcements land (in access rows) before the tables are counted.
  await memory.flush()
  const bobNamespaces = ['bob', ledgerNamespace('bob')]
  const adaNamespaces = ['ada', ledgerNamespace('ada')]
  const before = await backend.inspect(async (sql) => ({
    ada: await rowsByTable(sql, adaNamespaces),
    bob: await rowsByTable(sql, bobNamespaces),
  }))
  expect(Object.values(before.ada).reduce((a, b) => a + b, 0)).toBeGreaterThan(20)
  memory = memoryOf(backend.store())

  const erased = await memory.eraseNamespace('ada')
  expect(erased).toMatchObject({ namespace: 'ada', memories: 19, observeLedger: 2 })
  expect(erased.chunks).toBeGreaterThan(0)
  expect(erased.indexes).toBeGreaterThan(0)
  expect(await answers(memory, 'ada')).toEqual(QUERIES.map(() => []))
  expect(await answers(memory, 'bob')).toEqual(bobBefore)
  // Written after the erase: found alone, nothing of before comes back.
  const again = await memory.remember('ada', { content: 'Takes the bus to Lyon now' })
  expect((await memory.recall('ada', 'Lyon', { limit: 5 })).hits.map((hit) => hit.memory.id)).toEqual([
    again.id,
  ])
  await memory.eraseNamespace('ada')
  await memory.flush()

  await backend.inspect(async (sql) => {
    const after = await rowsByTable(sql, adaNamespaces)
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([])
    expect(await rowsByTable(sql, bobNamespaces)).toEqual(before.bob)
    const predicates = await sql(`SELECT indexname FROM pg_indexes WHERE indexdef LIKE '%''ada''%'`)
    expect(predicates).toEqual([])
  })
  memory = memoryOf(backend.store())
  expect(await answers(memory, 'bob')).toEqual(bobBefore)
}

describe('eraseNamespace: every table the catalog lists', { timeout: 180_000 }, () => {
  it('leaves nothing of the namespace on the embedded store (change log, in-process indexes)', async () => {
    const backend = await embedded()
    try {
      await eraseLeavesNothing(backend)
    } finally {
      await backend.close()
    }
  })
})

describe.runIf(requirePostgres('eraseNamespace on PostgreSQL'))(
  'eraseNamespace on PostgreSQL',
  { timeout: 180_000 },
  () => {
    it('leaves nothing of the namespace on PostgreSQL (keyword statistics, HNSW indexes and their registry)', async () => {
      const backend = await postgres()
      try {
        await eraseLeavesNothing(backend)
      } finally {
        await backend.close()
      }
    })
  },
)
