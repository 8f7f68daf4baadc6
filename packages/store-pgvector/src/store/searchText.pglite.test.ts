import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywordWrite as write } from '../__fixtures__/keywordWrite.js'
import { createPgVectorStore, migrate, openEmbeddedStore } from '../index.js'
import type { PgVectorStore } from './PgVectorStore.js'

const dims = 4
const ids = (hits: Array<{ memory: { id: string } }>) => hits.map((hit) => hit.memory.id)

describe('PgVectorStore.searchText (BM25 over english + simple lexemes)', () => {
  let store: PgVectorStore
  beforeAll(async () => {
    store = await openEmbeddedStore({ dimensions: dims, annIndex: false })
  })
  afterAll(() => store.close())

  it('matches English words by stem: running ↔ run, cats ↔ cat', async () => {
    await store.upsert('stem', [write('a', 'She was running in the park'), write('b', 'Two cats slept')])
    expect(ids(await store.searchText('stem', 'run', { limit: 5 }))).toEqual(['a'])
    expect(ids(await store.searchText('stem', 'runs', { limit: 5 }))).toEqual(['a'])
    expect(ids(await store.searchText('stem', 'a cat', { limit: 5 }))).toEqual(['b'])
  })

  it('returns nothing, without an error, for a stop-word-only query', async () => {
    await store.upsert('stop', [write('a', 'the and of what is it'), write('b', 'something else')])
    expect(await store.searchText('stop', 'what is the', { limit: 5 })).toEqual([])
    expect(await store.searchText('stop', 'of', { limit: 5 })).toEqual([])
  })

  it('ranks a document matching a rare term above one matching a common term', async () => {
    const filler = Array.from({ length: 8 }, (_, i) => write(`f${i}`, `coffee with friends number ${i}`))
    await store.upsert('idf', [...filler, write('rare', 'a note about zeppelin'), write('both', 'coffee')])
    const hits = await store.searchText('idf', 'coffee zeppelin', { limit: 3 })
    expect(ids(hits)[0]).toBe('rare')
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score)
    // Among equal matches of the common term, the shorter document ranks first.
    expect(ids(hits)[1]).toBe('both')
  })

  it('scores higher-is-better and keeps Chinese and Japanese words matching', async () => {
    await store.upsert('cjk', [
      write('zh', '用户喜欢在北京喝咖啡'),
      write('ja', 'ユーザーは東京でラーメンを食べた'),
    ])
    expect(ids(await store.searchText('cjk', '北京 coffee', { limit: 5 }))).toEqual(['zh'])
    expect(ids(await store.searchText('cjk', 'ラーメン', { limit: 5 }))).toEqual(['ja'])
  })
})

describe('migration 0001', () => {
  let db: PGlite
  beforeAll(async () => {
    db = await PGlite.create({ extensions: { vector } })
  })
  afterAll(() => db.close())

  it('re-analyses rows written with the old simple-only tsvector', async () => {
    await migrate(db, { dimensions: dims, annIndex: false })
    const store = await createPgVectorStore({ db, dimensions: dims })
    await store.upsert('old', [write('a', 'She was running to Tokyo 東京')])
    // Make the row look like one written before 0001, then apply 0001 again.
    await db.query(`UPDATE memories SET search = to_tsvector('simple', 'she was running to tokyo 東京')`)
    await db.query(
      'DELETE FROM agent_memory_migrations WHERE created_at > (SELECT min(created_at) FROM agent_memory_migrations)',
    )
    await migrate(db, { dimensions: dims, annIndex: false })
    const reopened = await createPgVectorStore({ db, dimensions: dims })
    const lexemes = await db.query<{ lexeme: string }>(
      'SELECT unnest(tsvector_to_array(search)) AS lexeme FROM memories',
    )
    expect(lexemes.rows.map((row) => row.lexeme).sort()).toEqual(['run', 'tokyo', '東京'])
    expect(ids(await reopened.searchText('old', 'runs', { limit: 5 }))).toEqual(['a'])
    await reopened.close()
    await store.close()
  })
})
