import { fingerprint, type MemoryFilter, type MemoryWrite } from '@agent-memory/core'
import { seededRandom } from '@agent-memory/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEmbeddedStore } from '../../../index.js'
import type { PgVectorStore } from '../../PgVectorStore.js'

const dims = 8
const ns = 'legs'
const WORDS = ['tea', 'hiking', 'piano', 'lisbon', 'night', 'cats', 'chess', 'bread', 'cycling', 'rust']

/**
 * The legs answered together (`searchLegs`: both in-process rankings, then one read) must be
 * exactly what the three leg methods return one by one: the same memories, field for field
 * (reinforcement included), in the same order with the same scores, under filters that thin the
 * rankings' heads and without a filter where expired and superseded rows thin them.
 */
describe('searchLegs on the embedded store', { timeout: 300_000 }, () => {
  let store: PgVectorStore
  const random = seededRandom(38)
  const vector = () => Float32Array.from({ length: dims }, () => random() * 2 - 1)

  beforeAll(async () => {
    store = await openEmbeddedStore({ dimensions: dims, handleSignals: false })
    const writes: MemoryWrite[] = []
    for (let i = 0; i < 240; i++) {
      const words = Array.from({ length: 6 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ')
      const content = `memory ${i}: ${words}`
      writes.push({
        id: `m${String(i).padStart(3, '0')}`,
        tier: i % 5 === 0 ? 'episodic' : 'semantic',
        content,
        fingerprint: fingerprint(content),
        // Some rows wait for their vector: the keyword leg finds them, the vector legs never do.
        embedding: i % 11 === 0 ? null : vector(),
        tags: i % 3 === 0 ? ['pinned'] : [],
        metadata: { stream: `s${i % 4}`, n: i },
        importance: (i % 10) / 10,
        ...(i % 7 === 0
          ? { expiresAt: new Date(Date.now() - 60_000), validFrom: new Date('2020-01-01T00:00:00.123Z') }
          : {}),
        ...(i % 4 === 0
          ? { chunks: [0, 1].map((idx) => ({ idx, text: `chunk ${idx} of ${i}`, embedding: vector() })) }
          : {}),
      })
    }
    await store.upsert(ns, writes)
    await store.supersede(ns, 'm001', 'm002')
    // Access rows for a third of the memories (some twice): every leg reads them with the row.
    const reinforced = writes.filter((_, i) => i % 3 === 1).map((write) => write.id!)
    await store.reinforce(ns, reinforced, { at: new Date('2026-01-02T03:04:05.678Z') })
    await store.reinforce(ns, reinforced.slice(0, 20))
  })
  afterAll(async () => {
    await store?.close()
  })

  const filters: Array<MemoryFilter | undefined> = [
    undefined,
    { tags: ['pinned'] },
    { tiers: ['episodic'], includeExpired: true },
  ]
  for (const [f, filter] of filters.entries()) {
    it(`equals the legs one by one (filter ${f})`, async () => {
      for (let q = 0; q < 12; q++) {
        const query = Array.from({ length: 3 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ')
        const queryVector = vector()
        const options = filter === undefined ? {} : { filter }
        const together = await store.searchLegs(ns, {
          vector: queryVector,
          query,
          vectorLimit: 30,
          chunkLimit: 10,
          keywordLimit: 10,
          ...options,
        })
        expect(together).toBeDefined()
        expect(together!.vector).toEqual(await store.searchVector(ns, queryVector, { limit: 30, ...options }))
        expect(together!.chunk).toEqual(await store.searchChunks(ns, queryVector, { limit: 10, ...options }))
        expect(together!.keyword).toEqual(await store.searchText(ns, query, { limit: 10, ...options }))
        expect(together!.vector.length + together!.keyword.length).toBeGreaterThan(0)
      }
    })
  }

  it('answers the legs it is asked for: no vector, no query', async () => {
    const keywordOnly = await store.searchLegs(ns, {
      vector: null,
      query: 'tea chess',
      vectorLimit: 30,
      chunkLimit: 0,
      keywordLimit: 10,
    })
    expect(keywordOnly?.vector).toEqual([])
    expect(keywordOnly?.chunk).toEqual([])
    expect(keywordOnly?.keyword).toEqual(await store.searchText(ns, 'tea chess', { limit: 10 }))
    const queryVector = vector()
    const vectorOnly = await store.searchLegs(ns, {
      vector: queryVector,
      query: null,
      vectorLimit: 30,
      chunkLimit: 0,
      keywordLimit: 10,
    })
    expect(vectorOnly?.keyword).toEqual([])
    expect(vectorOnly?.chunk).toEqual([])
    expect(vectorOnly?.vector).toEqual(await store.searchVector(ns, queryVector, { limit: 30 }))
  })

  it('sees a write made just before it (the change log is applied first)', async () => {
    const queryVector = vector()
    await store.upsert(ns, [
      {
        id: 'fresh',
        tier: 'semantic',
        content: 'memory fresh: zebra',
        fingerprint: fingerprint('memory fresh: zebra'),
        embedding: queryVector,
      },
    ])
    const together = await store.searchLegs(ns, {
      vector: queryVector,
      query: 'zebra',
      vectorLimit: 5,
      chunkLimit: 5,
      keywordLimit: 5,
    })
    expect(together?.vector[0]?.memory.id).toBe('fresh')
    expect(together?.keyword.map((hit) => hit.memory.id)).toEqual(['fresh'])
  })
})
