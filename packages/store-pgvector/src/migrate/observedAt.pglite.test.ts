import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywordWrite as write } from '../__fixtures__/keywordWrite.js'
import { createPgVectorStore, migrate } from '../index.js'

const dims = 4

describe('migration 0007 (observed_at)', () => {
  let db: PGlite
  beforeAll(async () => {
    db = await PGlite.create({ extensions: { vector } })
  })
  afterAll(() => db.close())

  it('adds the column to a store written before it; existing rows read as never re-observed', async () => {
    await migrate(db, { dimensions: dims, annIndex: false })
    const before = await createPgVectorStore({ db, dimensions: dims })
    await before.upsert('old', [{ ...write('a', 'The user keeps bees'), confidence: 0.7 }])
    await before.close()
    // Make the database look like one migrated up to 0006, then migrate again.
    await db.query('ALTER TABLE memories DROP COLUMN observed_at')
    await db.query(
      // 0007 and every migration after it (their journal keys), so 0007 runs again.
      'DELETE FROM agent_memory_migrations WHERE created_at >= 1796170000000',
    )
    await migrate(db, { dimensions: dims, annIndex: false })
    const store = await createPgVectorStore({ db, dimensions: dims })
    const got = await store.get('old', 'a')
    expect(got).toMatchObject({ content: 'The user keeps bees', confidence: 0.7, observedAt: null })
    const seen = new Date('2026-01-02T03:04:05.000Z')
    await store.upsert('old', [{ ...write('a', 'The user keeps bees'), confidence: 0.8, observedAt: seen }])
    expect((await store.get('old', 'a'))?.observedAt?.getTime()).toBe(seen.getTime())
    await store.close()
  })
})
