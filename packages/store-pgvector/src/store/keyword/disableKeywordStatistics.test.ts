import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywordWrite as write } from '../../__fixtures__/keywordWrite.js'
import { migrate } from '../../index.js'
import { PgliteExecutor } from '../../sql/PgliteExecutor.js'
import { createStoreContext } from '../context/createStoreContext.js'
import { PgVectorStore } from '../PgVectorStore.js'
import { searchKeyword } from '../search/legs/searchKeyword.js'
import { disableKeywordStatistics } from './disableKeywordStatistics.js'

const dims = 4

describe('disableKeywordStatistics (the embedded store keeps no BM25 statistics)', () => {
  let db: PGlite
  beforeAll(async () => {
    db = await PGlite.create({ extensions: { vector } })
    await migrate(db, { dimensions: dims, annIndex: false })
  })
  afterAll(() => db.close())

  const statisticsRows = async () =>
    (
      await db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM agent_memory_keyword_lexemes) + (SELECT count(*) FROM agent_memory_keyword_corpus) AS n`,
      )
    ).rows[0]!.n

  it('turns the triggers off and empties the tables; the SQL keyword leg then counts', async () => {
    const executor = new PgliteExecutor(db, { ownsDb: false })
    const store = new PgVectorStore(executor, { dimensions: dims })
    await store.upsert('off', [write('a', 'alpha beta'), write('b', 'beta gamma gamma')])
    expect(Number(await statisticsRows())).toBeGreaterThan(0)
    await disableKeywordStatistics(executor)
    await disableKeywordStatistics(executor)
    const enabled = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_trigger
         WHERE tgrelid = 'memories'::regclass AND tgname LIKE 'memories_keyword_stats_%' AND tgenabled <> 'D'`,
    )
    expect(enabled.rows[0]!.n).toBe(0)
    await store.upsert('off', [write('c', 'gamma delta')])
    await store.delete('off', ['a'])
    expect(Number(await statisticsRows())).toBe(0)
    const context = createStoreContext(executor, { dimensions: dims, namespaceCountTtlMs: 0 })
    const hits = await searchKeyword(context, 'off', 'gamma beta', { limit: 5 })
    const counted = await searchKeyword(context, 'off', 'gamma beta', { limit: 5 }, { counted: true })
    expect(hits.map((hit) => [hit.memory.id, hit.score])).toEqual(
      counted.map((hit) => [hit.memory.id, hit.score]),
    )
    expect(hits.map((hit) => hit.memory.id)).toEqual(['b', 'c'])
  })
})
