import type { Chunk, ScoredMemory } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import { cosine } from '../contractVectors.js'
import type { ContractSuite } from './ContractSuite.js'
import { ids } from './ids.js'
import { uid } from './uid.js'
import { write } from './write.js'

/** Search: vector ranking, the chunk contract and max-pooling, keywords in several scripts and hostile keyword queries. */
export function describeStoreSearch(suite: ContractSuite): void {
  const { v } = suite
  describe('search', () => {
    it('ranks vectors by cosine similarity, best first, ties by id, within the limit', async () => {
      const ns = uid('rank')
      const rows = [
        write(
          'r-far',
          'far',
          v(0).map((value) => -value),
        ),
        write('r-near', 'near', v(0, 0.2)),
        write('r-exact', 'exact', v(0)),
        write('r-mid', 'mid', v(0, 1)),
        write('r-tie2', 'tie b', v(2)),
        write('r-tie1', 'tie a', v(2)),
      ].map((row) => ({ ...row, id: `${row.id}-${ns}` }))
      await suite.store.upsert(ns, rows)
      const hits = await suite.store.searchVector(ns, v(0), { limit: 5 })
      expect(ids(hits)).toEqual([
        `r-exact-${ns}`,
        `r-near-${ns}`,
        `r-mid-${ns}`,
        `r-tie1-${ns}`,
        `r-tie2-${ns}`,
      ])
      for (const hit of hits) {
        const row = rows.find((candidate) => candidate.id === hit.memory.id)!
        expect(hit.score).toBeCloseTo(cosine(row.embedding!, v(0)), 4)
      }
      for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score)
      expect(await suite.store.searchVector(ns, v(0), { limit: 1 })).toHaveLength(1)
    })

    it('follows the chunk contract: absent keeps (same content) or clears (changed), a list replaces, [] clears', async () => {
      const ns = uid('chk')
      const id = uid('m')
      const chunk = (idx: number, axis: number): Chunk => ({
        idx,
        text: `passage ${idx}`,
        embedding: v(axis),
      })
      const chunkHits = async (axis: number) => suite.store.searchChunks(ns, v(axis), { limit: 10 })

      await suite.store.upsert(ns, [write(id, 'long text', v(0), { chunks: [chunk(0, 1), chunk(1, 2)] })])
      expect((await chunkHits(2))[0]).toMatchObject({
        memory: { id },
        matchedChunk: { idx: 1, text: 'passage 1' },
      })

      await suite.store.upsert(ns, [write(id, 'long text', v(0), { importance: 0.1 })])
      expect(await chunkHits(2)).toHaveLength(1)

      await suite.store.upsert(ns, [write(id, 'long text, edited', v(0))])
      expect(await chunkHits(2)).toEqual([])

      await suite.store.upsert(ns, [
        write(id, 'long text, edited', v(0), { chunks: [chunk(0, 1), chunk(1, 2)] }),
      ])
      await suite.store.upsert(ns, [write(id, 'long text, edited', v(0), { chunks: [chunk(5, 3)] })])
      const replaced = await chunkHits(3)
      expect(replaced.map((hit) => hit.matchedChunk?.idx)).toEqual([5])
      expect((await chunkHits(2))[0]!.matchedChunk!.idx).toBe(5)

      await suite.store.upsert(ns, [write(id, 'long text, edited', v(0), { chunks: [] })])
      expect(await chunkHits(3)).toEqual([])
      expect((await suite.store.stats(ns))[0]!.chunks).toBe(0)

      expect(await suite.store.putChunks(ns, id, 'stale-fingerprint', [chunk(0, 1)])).toBe(false)
      expect(await suite.store.putChunks(ns, id, 'fp:long text, edited', [chunk(0, 1), chunk(1, 4)])).toBe(
        true,
      )
      expect((await suite.store.stats(ns))[0]!.chunks).toBe(2)
      expect(await suite.store.delete(ns, [id])).toBe(1)
      expect((await suite.store.stats(ns))[0]?.chunks ?? 0).toBe(0)
      expect(await chunkHits(1)).toEqual([])
    })

    it('max-pools chunk hits to one per memory, on the searchVector scale', async () => {
      const ns = uid('pool')
      const a = uid('a')
      const b = uid('b')
      await suite.store.upsert(ns, [
        write(a, 'memory a', v(5), {
          chunks: [
            { idx: 0, text: 'a0', embedding: v(0, 1) },
            { idx: 1, text: 'a1', embedding: v(0) },
            { idx: 2, text: 'a2', embedding: v(3) },
          ],
        }),
        write(b, 'memory b', v(6), {
          chunks: [
            { idx: 0, text: 'b0', embedding: v(0, 0.5) },
            { idx: 1, text: 'b1', embedding: v(0, 0.6) },
          ],
        }),
      ])
      const hits: ScoredMemory[] = await suite.store.searchChunks(ns, v(0), { limit: 10 })
      expect(ids(hits)).toEqual([a, b])
      expect(hits[0]!.matchedChunk).toEqual({ idx: 1, text: 'a1' })
      expect(hits[0]!.score).toBeCloseTo(1, 4)
      expect(hits[1]!.matchedChunk).toEqual({ idx: 0, text: 'b0' })
      expect(hits[1]!.score).toBeCloseTo(cosine(v(0, 0.5), v(0)), 4)
      expect(await suite.store.searchChunks(ns, v(0), { limit: 1 })).toHaveLength(1)
      expect(
        ids(await suite.store.searchChunks(ns, v(0), { limit: 10, filter: { tiers: ['working'] } })),
      ).toEqual([])
    })

    it('finds keywords in English, Chinese and Japanese text', async () => {
      const ns = uid('kw')
      const rows = [
        write(uid('en'), 'The user drinks black coffee every morning', v(0)),
        write(uid('zh'), '用户喜欢在北京喝咖啡', v(1)),
        write(uid('ja'), 'ユーザーは東京でラーメンを食べた', v(2)),
        write(uid('tag'), 'unrelated words', v(3), { tags: ['gardening'] }),
      ]
      await suite.store.upsert(ns, rows)
      const [en, zh, ja, tag] = rows.map((row) => row.id) as [string, string, string, string]
      expect(ids(await suite.store.searchText(ns, 'coffee', { limit: 5 }))).toEqual([en])
      expect(ids(await suite.store.searchText(ns, 'COFFEE morning?', { limit: 5 }))).toEqual([en])
      expect(ids(await suite.store.searchText(ns, '北京', { limit: 5 }))).toEqual([zh])
      expect(ids(await suite.store.searchText(ns, '咖啡', { limit: 5 }))).toEqual([zh])
      expect(ids(await suite.store.searchText(ns, 'ラーメン', { limit: 5 }))).toEqual([ja])
      expect(ids(await suite.store.searchText(ns, '東京', { limit: 5 }))).toEqual([ja])
      expect(ids(await suite.store.searchText(ns, 'nothing matches this', { limit: 5 }))).toEqual([])
      expect(ids(await suite.store.searchText(ns, 'gardening', { limit: 5 }))).toContain(tag)
      const both = await suite.store.searchText(ns, 'coffee 北京', { limit: 5 })
      expect(ids(both).sort()).toEqual([en, zh].sort())
    })

    it('weighs rare query words more with idfExponent 2 (a long message), plain BM25 by default', async () => {
      const ns = uid('idf')
      const common = 'garden river window candle pocket ladder mirror basket'
      const rows = [
        write(uid('common'), common, v(0)),
        ...Array.from({ length: 5 }, (_, i) => write(uid(`also${i}`), `${common} noise${i}`, v(1))),
        write(uid('rare'), 'zebra sighting today', v(2)),
        ...Array.from({ length: 3 }, (_, i) => write(uid(`other${i}`), `orange lamp number${i}`, v(3))),
      ]
      await suite.store.upsert(ns, rows)
      const rare = rows[6]!.id
      const query = `${common} zebra`
      // Eight words in six of ten memories outweigh one word in one memory under Okapi BM25 …
      const plain = ids(await suite.store.searchText(ns, query, { limit: 10 }))
      expect(plain).toContain(rare)
      expect(plain.indexOf(rare)).toBe(6)
      expect(ids(await suite.store.searchText(ns, query, { limit: 10, idfExponent: 1 }))).toEqual(plain)
      // … and not when each word weighs its idf twice.
      const rarity = ids(await suite.store.searchText(ns, query, { limit: 10, idfExponent: 2 }))
      expect(rarity[0]).toBe(rare)
      expect(new Set(rarity)).toEqual(new Set(plain))
    })

    it('survives hostile keyword queries: hits or nothing, never an error', async () => {
      const ns = uid('hostile')
      const id = uid('m')
      await suite.store.upsert(ns, [write(id, 'near the table, drop by for coffee', v(0))])
      const queries = [
        "'); DROP TABLE memories; --",
        'NEAR(a b)',
        'a:b AND c* OR (d)',
        "'",
        '"',
        "''''",
        '\\',
        '\\\\\'\\"',
        '😀🔥 emoji 👩‍👩‍👧',
        '!'.repeat(10_240),
        '()&|!:*<->',
        '',
        '   ',
        'coffee & | ! <-> :* table',
        '\u0000',
        'x'.repeat(5000),
      ]
      for (const query of queries) {
        const hits = await suite.store.searchText(ns, query, { limit: 5 })
        expect(Array.isArray(hits)).toBe(true)
        expect(ids(hits).every((hit) => hit === id)).toBe(true)
      }
      expect(
        ids(await suite.store.searchText(ns, "coffee'); DROP TABLE memories; --", { limit: 5 })),
      ).toEqual([id])
      expect(await suite.store.get(ns, id)).not.toBeNull()
    })
  })
}
