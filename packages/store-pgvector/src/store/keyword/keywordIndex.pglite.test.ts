import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { MemoryWrite, ScoredMemory, SearchOptions } from '@agent-memory/core'
import { seededRandom } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { keywordWrite as write } from '../../__fixtures__/keywordWrite.js'
import {
  connectEmbeddedStore,
  createPgVectorStore,
  migrate,
  openEmbeddedStore,
  storeSocketPath,
} from '../../index.js'
import type { PgVectorStore } from '../PgVectorStore.js'

const dims = 4
const VOCABULARY = [
  'coffee',
  'tea',
  'paris',
  'berlin',
  'hiking',
  'piano',
  'dog',
  'cat',
  'garden',
  'train',
  'red',
  'blue',
]

function sentence(random: () => number, words: number): string {
  return Array.from({ length: words }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]).join(' ')
}

const ranking = (hits: ScoredMemory[]) => hits.map((hit) => [hit.memory.id, Number(hit.score.toFixed(9))])

/**
 * The embedded store answers the keyword leg from its in-process index; a plain PGlite store
 * (no index) runs the SQL BM25. Both get the same writes; every search must agree.
 */
describe('in-process keyword index (embedded store)', { timeout: 300_000 }, () => {
  let indexed: PgVectorStore
  let reference: PgVectorStore
  let referenceDb: PGlite

  beforeAll(async () => {
    indexed = await openEmbeddedStore({ dimensions: dims, handleSignals: false })
    referenceDb = await PGlite.create({ extensions: { vector } })
    await migrate(referenceDb, { dimensions: dims, annIndex: false })
    // Statistics re-measured on every search: the index's are always exact.
    reference = await createPgVectorStore({ db: referenceDb, dimensions: dims, namespaceCountTtlMs: 0 })
  }, 180_000)
  afterAll(async () => {
    await indexed.close()
    await reference.close()
    await referenceDb.close()
  })

  const both = async (work: (store: PgVectorStore) => Promise<unknown>) => {
    await work(indexed)
    await work(reference)
  }
  const expectSame = async (namespace: string, query: string, options: SearchOptions = { limit: 10 }) => {
    const got = await indexed.searchText(namespace, query, options)
    const want = await reference.searchText(namespace, query, options)
    expect(ranking(got)).toEqual(ranking(want))
    return got
  }

  it('ranks random corpora exactly as the SQL BM25, through writes, deletes and updates', async () => {
    const random = seededRandom(11)
    for (let round = 0; round < 4; round++) {
      const ns = `random-${round}`
      const writes: MemoryWrite[] = Array.from({ length: 60 + round * 40 }, (_, i) =>
        write(`r${round}-${String(i).padStart(3, '0')}`, sentence(random, 1 + Math.floor(random() * 12))),
      )
      await both((store) => store.upsert(ns, writes))
      for (let q = 0; q < 10; q++) await expectSame(ns, sentence(random, 1 + Math.floor(random() * 4)))
      const doomed = writes.filter(() => random() < 0.2).map((w) => w.id!)
      await both((store) => store.delete(ns, doomed))
      const rewritten = writes.slice(0, 10).map((w) => write(w.id!, sentence(random, 3)))
      await both((store) => store.upsert(ns, rewritten))
      for (let q = 0; q < 10; q++) {
        await expectSame(ns, sentence(random, 1 + Math.floor(random() * 4)), {
          limit: 1 + Math.floor(random() * 20),
        })
      }
    }
  })

  it('applies the filters in SQL: superseded, restored, expired, tiers, tags and metadata', async () => {
    const ns = 'filters'
    await both((store) =>
      store.upsert(ns, [
        write('f1', 'coffee in paris'),
        write('f2', 'coffee in berlin'),
        { ...write('f3', 'coffee coffee tea'), tags: ['drinks'], metadata: { kind: 'note' } },
        { ...write('f4', 'coffee at dawn'), tier: 'working', expiresAt: new Date(Date.now() - 1000) },
        write('f5', 'tea and coffee'),
      ]),
    )
    await expectSame(ns, 'coffee')
    await both((store) => store.supersede(ns, 'f1', 'f5'))
    expect((await expectSame(ns, 'coffee')).map((hit) => hit.memory.id)).not.toContain('f1')
    await expectSame(ns, 'coffee', { limit: 10, filter: { includeSuperseded: true, includeExpired: true } })
    await both((store) => store.restore(ns, 'f1'))
    expect((await expectSame(ns, 'coffee')).map((hit) => hit.memory.id)).toContain('f1')
    await expectSame(ns, 'coffee', { limit: 10, filter: { tags: ['drinks'] } })
    await expectSame(ns, 'coffee', { limit: 10, filter: { metadata: { kind: 'note' } } })
    await expectSame(ns, 'coffee', { limit: 10, filter: { tiers: ['working'], includeExpired: true } })
    await expectSame(ns, 'coffee', { limit: 2 })
    await both((store) => store.reinforce(ns, ['f2']))
    await expectSame(ns, 'coffee paris tea', { limit: 3 })
  })

  it('finds nothing for queries without words or without matches, and keeps namespaces apart', async () => {
    await both((store) => store.upsert('apart-a', [write('a1', 'piano lessons')]))
    await both((store) => store.upsert('apart-b', [write('b1', 'piano tuning')]))
    expect(await expectSame('apart-a', "'); -- ()&|!:*")).toEqual([])
    expect(await expectSame('apart-a', 'the of and')).toEqual([])
    expect(await expectSame('apart-a', 'violin')).toEqual([])
    expect((await expectSame('apart-a', 'piano')).map((hit) => hit.memory.id)).toEqual(['a1'])
  })
})

describe('in-process keyword index coherence (data directory)', { timeout: 300_000 }, () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'am-kw-'))
    dirs.push(dir)
    return dir
  }
  const ids = (hits: ScoredMemory[]) => hits.map((hit) => hit.memory.id).sort()

  it('sees writes served to socket clients, and raw SQL on the socket, before it answers', async () => {
    const dataDir = freshDir()
    const owner = await openEmbeddedStore({
      dataDir,
      model: 'kw',
      dimensions: dims,
      handleSignals: false,
      serve: {},
    })
    try {
      await owner.upsert('shared', [write('o1', 'garden roses')])
      expect(ids(await owner.searchText('shared', 'garden', { limit: 10 }))).toEqual(['o1'])
      const connected = await connectEmbeddedStore({ dataDir, model: 'kw', dimensions: dims })
      if (connected === undefined) throw new Error('nobody serves the directory')
      try {
        await connected.store.upsert('shared', [write('c1', 'garden tulips'), write('c2', 'garden shed')])
        expect(ids(await owner.searchText('shared', 'garden', { limit: 10 }))).toEqual(['c1', 'c2', 'o1'])
        await connected.store.delete('shared', ['c2'])
        await connected.store.upsert('shared', [write('o1', 'kitchen knives')])
        expect(ids(await owner.searchText('shared', 'garden', { limit: 10 }))).toEqual(['c1'])
        expect(ids(await owner.searchText('shared', 'kitchen', { limit: 10 }))).toEqual(['o1'])
      } finally {
        await connected.store.close()
      }
      const raw = new pg.Client({ host: dirname(storeSocketPath(dataDir)), port: 5432, user: 'postgres' })
      raw.on('error', () => undefined)
      await raw.connect()
      try {
        await raw.query(
          "UPDATE memories SET search = to_tsvector('english', 'garden kitchen') WHERE id = 'o1'",
        )
        expect(ids(await owner.searchText('shared', 'garden', { limit: 10 }))).toEqual(['c1', 'o1'])
        await raw.query('TRUNCATE memories CASCADE')
        expect(await owner.searchText('shared', 'garden', { limit: 10 })).toEqual([])
      } finally {
        await raw.end()
      }
    } finally {
      await owner.close()
    }
  })

  it('answers the same after a reopen', async () => {
    const dataDir = freshDir()
    const first = await openEmbeddedStore({ dataDir, model: 'kw', dimensions: dims, handleSignals: false })
    await first.upsert('kept', [
      write('k1', 'train to berlin'),
      write('k2', 'train to paris'),
      write('k3', 'red dog'),
    ])
    await first.searchText('kept', 'train', { limit: 10 })
    await first.delete('kept', ['k3'])
    const before = await first.searchText('kept', 'train berlin dog', { limit: 10 })
    await first.close()
    const second = await openEmbeddedStore({ dataDir, model: 'kw', dimensions: dims, handleSignals: false })
    try {
      expect(ranking(await second.searchText('kept', 'train berlin dog', { limit: 10 }))).toEqual(
        ranking(before),
      )
      await second.upsert('kept', [write('k4', 'berlin berlin')])
      expect((await second.searchText('kept', 'berlin', { limit: 1 }))[0]?.memory.id).toBe('k4')
    } finally {
      await second.close()
    }
  })
})
