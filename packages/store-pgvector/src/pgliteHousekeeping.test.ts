import type { MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterEach, describe, expect, it } from 'vitest'
import { createPgVectorStore, migrate } from './index.js'

const dims = 8

function writes(count: number): MemoryWrite[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `h-${i}`,
    tier: 'semantic',
    content: `note ${i} about the garden`,
    summary: null,
    metadata: {},
    tags: [],
    linkedMemoryIds: [],
    fingerprint: `f${i}`,
    embedding: axisVector(dims, i % dims),
  }))
}

async function tableStats(db: PGlite, table: string) {
  const stats = await db.query<{ vacuums: number; analyzes: number; columns: number }>(
    `SELECT (SELECT vacuum_count FROM pg_stat_all_tables WHERE relname = $1)::int AS vacuums,
       (SELECT analyze_count FROM pg_stat_all_tables WHERE relname = $1)::int AS analyzes,
       (SELECT count(*) FROM pg_statistic WHERE starelid = $1::regclass)::int AS columns`,
    [table],
  )
  return stats.rows[0]!
}

/** PGlite runs no autovacuum: the store's executor has to stand in for it, on a caller's PGlite too. */
describe('PGlite housekeeping', { timeout: 120_000 }, () => {
  const open: PGlite[] = []
  afterEach(async () => {
    for (const db of open.splice(0)) await db.close()
  })

  /** A fresh PGlite with the store on it and 300 memories written through the store. */
  async function openLoadedStore() {
    const db = await PGlite.create({ extensions: { vector } })
    open.push(db)
    await migrate(db, { dimensions: dims })
    const store = await createPgVectorStore({ db, dimensions: dims })
    const rows = writes(300)
    await store.upsert('ns', rows)
    return { db, store, rows }
  }

  it('createPgVectorStore({ db }) collects statistics that a loader never did', async () => {
    const db = await PGlite.create({ extensions: { vector } })
    open.push(db)
    await migrate(db, { dimensions: dims })
    // Rows written behind the store's back, as a bulk loader or an older version would leave them.
    await db.query(
      `INSERT INTO memories (namespace, id, tier, content, fingerprint, embed_state, created_at, updated_at, last_accessed_at, search)
       SELECT 'ns', 'raw-' || g, 'semantic', 'raw row ' || g, 'raw' || g, 'pending', now(), now(), now(), to_tsvector('simple', 'raw row')
       FROM generate_series(1, 300) g`,
    )
    expect((await tableStats(db, 'memories')).columns).toBe(0)
    const store = await createPgVectorStore({ db, dimensions: dims })
    expect((await tableStats(db, 'memories')).columns).toBeGreaterThan(0)
    await store.close()
  })

  it('vacuums once deletes have left enough dead row versions', async () => {
    const { db, store, rows } = await openLoadedStore()
    expect((await tableStats(db, 'memories')).vacuums).toBe(0)
    // 200 deleted of 300 rows: past autovacuum's 50 + 20% threshold. (Recall's reinforcement no
    // longer leaves dead versions on `memories`: it updates the narrow access rows in place.)
    await store.delete(
      'ns',
      rows.slice(0, 200).map((row) => row.id),
    )
    await store.stats('ns') // queued behind the housekeeping
    expect((await tableStats(db, 'memories')).vacuums).toBeGreaterThan(0)
    await store.close()
  })

  it("keeps recall's access rows up on their own, not by analyzing every table", async () => {
    const { db, store, rows } = await openLoadedStore()
    await store.stats('ns') // queued behind the housekeeping the load brought
    const memoriesBefore = await tableStats(db, 'memories')
    const accessBefore = await tableStats(db, 'agent_memory_access')
    // 60 recalls' reinforcement of 10 hits each: 600 access rows written, past the thresholds of
    // the access table and of the whole database alike.
    for (let search = 0; search < 60; search++) {
      const hits = Array.from({ length: 10 }, (_, i) => rows[(search * 7 + i * 29) % rows.length]!.id)
      await store.reinforce('ns', hits)
    }
    await store.stats('ns')
    expect((await tableStats(db, 'agent_memory_access')).analyzes).toBeGreaterThan(accessBefore.analyzes)
    expect((await tableStats(db, 'memories')).analyzes).toBe(memoriesBefore.analyzes)
    await store.close()
  })
})
