import { createMemory } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate } from './index.js'

// 512 dimensions: the PLAIN vector alone (2,056 bytes) is past the 2 kB TOAST target, the case in
// which the toaster moves every other value it can out of the row.
const dims = 512
const LONG = Array.from(
  { length: 12 },
  (_, i) => `Paragraph ${i} of the travel log: the ferry left the harbour at dawn and the gulls followed it.`,
).join(' ')

type Query = <Row>(text: string, params?: unknown[]) => Promise<{ rows: Row[] }>

/** Rows in the TOAST table of each store table: a value read from there costs three buffer hits. */
async function outOfLine(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of ['memories', 'memory_chunks']) {
    const { rows } = await query<{ toast: string }>(
      'SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE oid = $1::regclass',
      [table],
    )
    const counted = await query<{ n: number }>(`SELECT count(*)::int AS n FROM ${rows[0]!.toast}`)
    counts[table] = counted.rows[0]!.n
  }
  return counts
}

/** Writes memories (one long enough for chunks) with a namespace, tags and metadata past 24 bytes. */
async function write(store: Parameters<typeof createMemory>[0]['store']): Promise<void> {
  const memory = createMemory({ store, embedder: createHashingEmbedder({ dimensions: dims }) })
  try {
    await memory.rememberMany('a-namespace-name-longer-than-a-toast-pointer', [
      { content: 'Ada drinks green tea every morning', tags: ['drinks', 'mornings at home'] },
      { content: 'Ada keeps a vegetable garden behind the house', metadata: { session: 'session-0042' } },
      { content: LONG, tier: 'episodic' },
    ])
    const { hits } = await memory.recall('a-namespace-name-longer-than-a-toast-pointer', 'green tea')
    expect(hits[0]?.memory.content).toBe('Ada drinks green tea every morning')
  } finally {
    await memory.close()
  }
}

describe('a memory row keeps its values in the row beside the vector (migration 0012)', () => {
  it('embedded (PGlite): nothing a search reads is stored out of line', async () => {
    const db = await PGlite.create({ extensions: { vector } })
    try {
      await migrate(db, { dimensions: dims })
      const store = await createPgVectorStore({ db, dimensions: dims })
      try {
        await write(store)
      } finally {
        await store.close()
      }
      expect(await outOfLine((text, params) => db.query(text, params))).toEqual({
        memories: 0,
        memory_chunks: 0,
      })
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM memory_chunks')
      expect(rows[0]!.n).toBeGreaterThan(0)
    } finally {
      await db.close()
    }
  }, 120_000)

  if (requirePostgres('rows inline on PostgreSQL')) {
    const cleanups: Array<() => Promise<void>> = []
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup()
    })

    it('PostgreSQL: nothing a search reads is stored out of line', async () => {
      const database = await createTestDatabase('rowsinline')
      const pool = testPool(database.url, 2)
      cleanups.push(async () => {
        await pool.end()
        await database.drop()
      })
      await migrate(pool, { dimensions: dims })
      const store = await createPgVectorStore({ pool, dimensions: dims })
      try {
        await write(store)
      } finally {
        await store.close()
      }
      expect(await outOfLine(async (text, params) => (await pool.query(text, params)) as never)).toEqual({
        memories: 0,
        memory_chunks: 0,
      })
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM memory_chunks')
      expect(rows[0].n).toBeGreaterThan(0)
    }, 120_000)
  }
})
