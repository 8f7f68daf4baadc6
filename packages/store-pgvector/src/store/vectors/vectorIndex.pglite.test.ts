import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fingerprint, type MemoryWrite, type ScoredMemory, type SearchOptions } from '@agent-memory/core'
import { seededRandom } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  connectEmbeddedStore,
  createPgVectorStore,
  migrate,
  openEmbeddedStore,
  storeSocketPath,
} from '../../index.js'
import type { PgVectorStore } from '../PgVectorStore.js'

const dims = 8

/**
 * Continuous coordinates: no two rows tie. (Rows that tie in exact arithmetic need not tie in
 * either path's rounding — pgvector sums in single precision, the index in double — so their
 * order is left to `NamespaceVectorIndex.test`, where ties are exact.)
 */
const randomVector = (random: () => number) => Float32Array.from({ length: dims }, () => random() * 2 - 1)

const write = (
  id: string,
  embedding: Float32Array | null,
  extra: Partial<MemoryWrite> = {},
): MemoryWrite => ({
  id,
  tier: 'semantic',
  content: `memory ${id}`,
  fingerprint: fingerprint(`memory ${id}`),
  embedding,
  ...extra,
})

const ids = (hits: ScoredMemory[]) => hits.map((hit) => hit.memory.id)

/** Same ids in the same order, and the same scores to single precision. */
function expectSameHits(got: ScoredMemory[], want: ScoredMemory[]): void {
  expect(ids(got)).toEqual(ids(want))
  for (const [i, hit] of got.entries()) expect(hit.score).toBeCloseTo(want[i]!.score, 5)
}

/**
 * The embedded store answers memory-vector searches from its in-process index; a plain PGlite
 * store (no index, every namespace scanned exactly) runs the SQL. Both get the same writes;
 * every search must agree.
 */
describe('in-process vector index (embedded store)', { timeout: 300_000 }, () => {
  let indexed: PgVectorStore
  let reference: PgVectorStore
  let referenceDb: PGlite

  beforeAll(async () => {
    indexed = await openEmbeddedStore({ dimensions: dims, handleSignals: false })
    referenceDb = await PGlite.create({ extensions: { vector } })
    await migrate(referenceDb, { dimensions: dims, annIndex: false })
    reference = await createPgVectorStore({ db: referenceDb, dimensions: dims, exactSearchMaxRows: 1e9 })
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
  const expectSame = async (
    namespace: string,
    query: Float32Array,
    options: SearchOptions = { limit: 10 },
  ) => {
    const got = await indexed.searchVector(namespace, query, options)
    expectSameHits(got, await reference.searchVector(namespace, query, options))
    return got
  }

  it('ranks random namespaces exactly as the SQL scan, through inserts, re-embeds, deletes and repairs', async () => {
    const random = seededRandom(7)
    for (let round = 0; round < 4; round++) {
      const ns = `random-${round}`
      const writes = Array.from({ length: 50 + round * 60 }, (_, i) =>
        write(`r${round}-${String(i).padStart(3, '0')}`, i % 17 === 5 ? null : randomVector(random)),
      )
      // A zero vector has no direction: neither path may rank it.
      writes.push(write(`r${round}-zero`, new Float32Array(dims)))
      await both((store) => store.upsert(ns, writes))
      for (let q = 0; q < 8; q++) {
        const hits = await expectSame(ns, randomVector(random), { limit: 1 + Math.floor(random() * 30) })
        expect(ids(hits)).not.toContain(`r${round}-zero`)
      }
      const doomed = writes.filter(() => random() < 0.2).map((w) => w.id)
      await both((store) => store.delete(ns, doomed))
      const reembedded = writes.slice(0, 12).map((w) => write(w.id, randomVector(random)))
      await both((store) => store.upsert(ns, reembedded))
      // The pending rows get their vectors through the repair queue.
      const pending = writes.filter((w) => w.embedding === null)
      for (const w of pending) {
        const repaired = randomVector(random)
        await both((store) => store.completeRepair(ns, w.id, w.fingerprint, repaired))
      }
      for (let q = 0; q < 8; q++)
        await expectSame(ns, randomVector(random), { limit: 1 + Math.floor(random() * 30) })
    }
  })

  it('applies the filters in SQL, reading deeper when the best rows are filtered out', async () => {
    const ns = 'filters'
    const near = (x: number) => Float32Array.from([1, x, 0, 0, 0, 0, 0, 0])
    const writes = Array.from({ length: 40 }, (_, i) =>
      write(`f${String(i).padStart(2, '0')}`, near(i / 40), i < 30 ? { tags: ['old'] } : { tags: ['new'] }),
    )
    await both((store) => store.upsert(ns, writes))
    await expectSame(ns, near(0))
    // The 30 best are tagged 'old': the 'new' ones lie past the first read.
    expect(ids(await expectSame(ns, near(0), { limit: 5, filter: { tags: ['new'] } }))).toHaveLength(5)
    await both((store) => store.supersede(ns, 'f00', 'f39'))
    expect(ids(await expectSame(ns, near(0)))).not.toContain('f00')
    await expectSame(ns, near(0), { limit: 10, filter: { includeSuperseded: true } })
    await both((store) => store.restore(ns, 'f00'))
    expect(ids(await expectSame(ns, near(0)))[0]).toBe('f00')
  })

  it('keeps namespaces apart and refuses a vector of the wrong size', async () => {
    await both((store) => store.upsert('apart-a', [write('a1', Float32Array.from([1, 0, 0, 0, 0, 0, 0, 0]))]))
    await both((store) => store.upsert('apart-b', [write('b1', Float32Array.from([1, 0, 0, 0, 0, 0, 0, 0]))]))
    expect(ids(await expectSame('apart-a', Float32Array.from([1, 1, 0, 0, 0, 0, 0, 0])))).toEqual(['a1'])
    expect(await expectSame('apart-c', Float32Array.from([1, 1, 0, 0, 0, 0, 0, 0]))).toEqual([])
    expect(await expectSame('apart-a', new Float32Array(dims))).toEqual([])
    await expect(indexed.searchVector('apart-a', new Float32Array(3), { limit: 1 })).rejects.toThrow(/vector/)
  })
})

describe('in-process vector index coherence (data directory)', { timeout: 300_000 }, () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'am-vec-'))
    dirs.push(dir)
    return dir
  }
  const axis = (i: number) => Float32Array.from({ length: dims }, (_, j) => (j === i ? 1 : 0))

  it('sees writes served to socket clients, and raw SQL on the socket, before it answers', async () => {
    const dataDir = freshDir()
    const owner = await openEmbeddedStore({
      dataDir,
      model: 'vec',
      dimensions: dims,
      handleSignals: false,
      serve: {},
    })
    try {
      await owner.upsert('shared', [write('o1', axis(0))])
      expect(ids(await owner.searchVector('shared', axis(0), { limit: 10 }))).toEqual(['o1'])
      const connected = await connectEmbeddedStore({ dataDir, model: 'vec', dimensions: dims })
      if (connected === undefined) throw new Error('nobody serves the directory')
      try {
        await connected.store.upsert('shared', [write('c1', axis(1)), write('c2', axis(2))])
        expect(ids(await owner.searchVector('shared', axis(1), { limit: 1 }))).toEqual(['c1'])
        await connected.store.delete('shared', ['c2'])
        await connected.store.upsert('shared', [write('o1', axis(3))])
        expect(ids(await owner.searchVector('shared', axis(2), { limit: 10 }))).not.toContain('c2')
        expect(ids(await owner.searchVector('shared', axis(3), { limit: 1 }))).toEqual(['o1'])
      } finally {
        await connected.store.close()
      }
      const raw = new pg.Client({ host: dirname(storeSocketPath(dataDir)), port: 5432, user: 'postgres' })
      raw.on('error', () => undefined)
      await raw.connect()
      try {
        await raw.query(`UPDATE memories SET embedding = '[0,0,0,0,1,0,0,0]' WHERE id = 'c1'`)
        expect(ids(await owner.searchVector('shared', axis(4), { limit: 1 }))).toEqual(['c1'])
        await raw.query('TRUNCATE memories CASCADE')
        expect(await owner.searchVector('shared', axis(4), { limit: 10 })).toEqual([])
      } finally {
        await raw.end()
      }
    } finally {
      await owner.close()
    }
  })

  it('answers the same after a reopen, and the same in SQL when opened without in-process search', async () => {
    const dataDir = freshDir()
    const random = seededRandom(3)
    const first = await openEmbeddedStore({ dataDir, model: 'vec', dimensions: dims, handleSignals: false })
    const writes = Array.from({ length: 80 }, (_, i) => write(`k${i}`, randomVector(random)))
    await first.upsert('kept', writes)
    await first.searchVector('kept', axis(0), { limit: 10 })
    await first.delete('kept', ['k3', 'k4'])
    const query = randomVector(random)
    const before = await first.searchVector('kept', query, { limit: 20 })
    await first.close()
    const second = await openEmbeddedStore({ dataDir, model: 'vec', dimensions: dims, handleSignals: false })
    try {
      expectSameHits(await second.searchVector('kept', query, { limit: 20 }), before)
    } finally {
      await second.close()
    }
    const sqlOnly = await openEmbeddedStore({
      dataDir,
      model: 'vec',
      dimensions: dims,
      handleSignals: false,
      inProcessSearch: false,
      exactSearchMaxRows: 1e9,
    })
    try {
      expectSameHits(await sqlOnly.searchVector('kept', query, { limit: 20 }), before)
    } finally {
      await sqlOnly.close()
    }
  })
})
