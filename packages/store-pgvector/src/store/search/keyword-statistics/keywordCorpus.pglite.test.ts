import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywordWrite as write } from '../../../__fixtures__/keywordWrite.js'
import { createPgVectorStore, migrate } from '../../../index.js'
import { PgliteExecutor } from '../../../sql/PgliteExecutor.js'
import { createStoreContext } from '../../context/createStoreContext.js'
import type { StoreContext } from '../../context/StoreContext.js'
import type { PgVectorStore } from '../../PgVectorStore.js'
import { keywordCorpus } from './keywordCorpus.js'

const dims = 4

// Ids are unique across namespaces: each test uses its own.
describe('keywordCorpus (BM25 corpus statistics, cached)', () => {
  let db: PGlite
  let store: PgVectorStore
  const contextWith = (ttlMs: number): StoreContext =>
    createStoreContext(new PgliteExecutor(db, { ownsDb: false }), {
      dimensions: dims,
      namespaceCountTtlMs: ttlMs,
    })
  const measure = (context: StoreContext, ns: string, maxDf: number) =>
    context.executor.transaction((sql) => keywordCorpus(context, sql, ns, maxDf))

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { vector } })
    await migrate(db, { dimensions: dims, annIndex: false })
    store = await createPgVectorStore({ db, dimensions: dims })
  }, 60_000)
  afterAll(async () => {
    await store.close()
    await db.close()
  })

  it("measures the namespace's size and mean distinct-lexeme count", async () => {
    await store.upsert('sized', [
      write('a', 'alpha beta gamma delta'),
      write('b', 'alpha beta'),
      write('c', 'omega omega omega'),
    ])
    const mean = await db.query<{ mean: number }>(
      "SELECT avg(length(search))::float8 AS mean FROM memories WHERE namespace = 'sized'",
    )
    const stats = await measure(contextWith(60_000), 'sized', 1)
    expect(stats.rows).toBe(3)
    expect(stats.avgLength).toBeCloseTo(Number(mean.rows[0]!.mean), 9)
  })

  it('reuses cached statistics within the TTL, and re-measures once a term is in more documents', async () => {
    const context = contextWith(60_000)
    await store.upsert('growing', [write('g1', 'one'), write('g2', 'two')])
    expect((await measure(context, 'growing', 1)).rows).toBe(2)
    await store.upsert('growing', [write('g3', 'three'), write('g4', 'four')])
    // Stale but tolerated: no term has been seen in more documents than the cached size.
    expect((await measure(context, 'growing', 2)).rows).toBe(2)
    expect((await measure(context, 'growing', 3)).rows).toBe(4)
  })

  it('re-measures every time when the TTL is zero', async () => {
    const context = contextWith(0)
    await store.upsert('fresh', [write('f1', 'one')])
    expect((await measure(context, 'fresh', 1)).rows).toBe(1)
    await store.upsert('fresh', [write('f2', 'two')])
    expect((await measure(context, 'fresh', 1)).rows).toBe(2)
  })

  it('never reports fewer documents than the largest document frequency, nor a mean length below 1', async () => {
    const stats = await measure(contextWith(60_000), 'empty', 5)
    expect(stats.rows).toBe(5)
    expect(stats.avgLength).toBe(1)
  })
})
