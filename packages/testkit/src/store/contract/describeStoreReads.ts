import { InvalidArgumentError, type MemoryWrite, profileCandidateLists } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import type { ContractStore } from '../StoreContractFactory.js'
import type { ContractSuite } from './ContractSuite.js'
import { DAY } from './DAY.js'
import { ids } from './ids.js'
import { rejectsWith } from './rejectsWith.js'
import { uid } from './uid.js'
import { write } from './write.js'

/** Reads: namespace isolation, every filter (over `list`, `searchVector` and `searchText` alike), listing order and paging, `findByFingerprint(s)`, `storedEmbeddings`, `profileCandidates`. */
export function describeStoreReads(suite: ContractSuite): void {
  const { v } = suite
  describe('reads', () => {
    it('isolates look-alike namespaces (u1/u10, a_b/aXb, %, _, unicode)', async () => {
      const suffix = uid('')
      const namespaces = ['u1', 'u10', 'a_b', 'aXb', '%', '_', 'U1', 'ü', '用户', "o'brien", 'a b'].map(
        (ns) => `${ns}${suffix}`,
      )
      namespaces.push('%', '_')
      const owned = new Map<string, string>()
      for (const ns of namespaces) {
        const id = uid('iso')
        owned.set(ns, id)
        await suite.store.upsert(ns, [write(id, `isolation marker ${suffix}`, v(3))])
      }
      for (const ns of namespaces) {
        const mine = [owned.get(ns)!]
        expect(ids(await suite.store.list(ns, { limit: 100 })).filter((id) => id.startsWith('iso'))).toEqual(
          mine,
        )
        expect(
          ids(await suite.store.searchVector(ns, v(3), { limit: 50 })).filter((id) => id.startsWith('iso')),
        ).toEqual(mine)
        expect(ids(await suite.store.searchText(ns, `isolation marker ${suffix}`, { limit: 50 }))).toEqual(
          mine,
        )
        const stats = await suite.store.stats(ns)
        expect(stats.map((entry) => entry.namespace)).toEqual([ns])
        for (const [otherNs, otherId] of owned) {
          if (otherNs !== ns) expect(await suite.store.get(ns, otherId)).toBeNull()
        }
      }
      const u1 = `u1${suffix}`
      const u10 = `u10${suffix}`
      expect(await suite.store.delete(u1, [owned.get(u10)!])).toBe(0)
      expect(await suite.store.get(u10, owned.get(u10)!)).not.toBeNull()
      expect(await suite.store.delete(u1, [owned.get(u1)!])).toBe(1)
      expect(await suite.store.get(u10, owned.get(u10)!)).not.toBeNull()
    })

    it('applies every filter: tiers, levels, tags, metadata, createdAfter, accessedAfter', async () => {
      const ns = uid('flt')
      const old = new Date(Date.now() - 10 * DAY)
      const rows: MemoryWrite[] = [
        write('f-a', 'alpha coffee', v(0), {
          tier: 'semantic',
          level: 'explicit',
          tags: ['x', 'y'],
          metadata: { k: 'v', n: 1, b: true, z: null },
        }),
        write('f-b', 'beta coffee', v(0, 0.1), {
          tier: 'episodic',
          level: 'deduced',
          tags: ['x'],
          metadata: { k: 'w', n: 2 },
        }),
        write('f-c', 'gamma coffee', v(0, 0.2), {
          tier: 'procedural',
          level: null,
          tags: [],
          metadata: {},
          createdAt: old,
        }),
      ].map((row) => ({ ...row, id: `${row.id}-${ns}` }))
      await suite.store.upsert(ns, rows)
      const [a, b, c] = rows.map((row) => row.id) as [string, string, string]
      const all = async (
        filter: Parameters<ContractStore['list']>[1] extends infer O
          ? O extends { filter?: infer F }
            ? F
            : never
          : never,
      ) => {
        const listed = ids(await suite.store.list(ns, { filter, limit: 100 })).sort()
        const vector = ids(await suite.store.searchVector(ns, v(0), { filter, limit: 100 })).sort()
        const text = ids(await suite.store.searchText(ns, 'coffee', { filter, limit: 100 })).sort()
        expect(vector).toEqual(listed)
        expect(text).toEqual(listed)
        return listed
      }
      expect(await all({})).toEqual([a, b, c].sort())
      expect(await all({ tiers: ['semantic', 'episodic'] })).toEqual([a, b].sort())
      expect(await all({ levels: ['deduced'] })).toEqual([b])
      expect(await all({ tags: ['x'] })).toEqual([a, b].sort())
      expect(await all({ tags: ['x', 'y'] })).toEqual([a])
      expect(await all({ metadata: { k: 'v' } })).toEqual([a])
      expect(await all({ metadata: { n: 2 } })).toEqual([b])
      expect(await all({ metadata: { b: true, k: 'v' } })).toEqual([a])
      expect(await all({ metadata: { z: null } })).toEqual([a])
      expect(await all({ metadata: { k: 'nope' } })).toEqual([])
      expect(await all({ createdAfter: new Date(Date.now() - DAY) })).toEqual([a, b].sort())
      const accessed = new Date(Date.now() + 1000)
      await suite.store.reinforce(ns, [b], { at: new Date(accessed.getTime() + 1000) })
      expect(await all({ accessedAfter: accessed })).toEqual([b])
      for (const key of ["a'); DROP TABLE memories; --", '', 'has space', '$.x', 'x'.repeat(65)]) {
        await rejectsWith(
          suite.store.list(ns, { filter: { metadata: { [key]: 'v' } } }),
          InvalidArgumentError.isInstance,
        )
      }
    })

    it('lists with order, direction and paging; finds by fingerprint', async () => {
      const ns = uid('list')
      const base = Date.now() - 10 * DAY
      const rows = [0, 1, 2, 3, 4].map((i) =>
        write(`l${i}-${ns}`, `item ${i}`, v(i), {
          importance: [0.5, 0.1, 0.9, 0.3, 0.7][i]!,
          createdAt: new Date(base + i * DAY),
        }),
      )
      await suite.store.upsert(ns, rows)
      const all = ids(await suite.store.list(ns))
      expect(all).toEqual([4, 3, 2, 1, 0].map((i) => `l${i}-${ns}`))
      expect(ids(await suite.store.list(ns, { orderBy: 'importance', direction: 'asc' }))).toEqual(
        [1, 3, 0, 4, 2].map((i) => `l${i}-${ns}`),
      )
      const page1 = ids(await suite.store.list(ns, { limit: 2 }))
      const page2 = ids(await suite.store.list(ns, { limit: 2, offset: 2 }))
      const page3 = ids(await suite.store.list(ns, { limit: 2, offset: 4 }))
      expect([...page1, ...page2, ...page3]).toEqual(all)
      expect((await suite.store.findByFingerprint(ns, 'semantic', 'fp:item 2'))!.id).toBe(`l2-${ns}`)
      expect(await suite.store.findByFingerprint(ns, 'episodic', 'fp:item 2')).toBeNull()
      expect(await suite.store.findByFingerprint(ns, 'semantic', 'fp:none')).toBeNull()
      if (suite.store.findByFingerprints) {
        const found = await suite.store.findByFingerprints(ns, [
          { tier: 'semantic', fingerprint: 'fp:item 2' },
          { tier: 'semantic', fingerprint: 'fp:item 4' },
          { tier: 'semantic', fingerprint: 'fp:item 4' },
          { tier: 'episodic', fingerprint: 'fp:item 1' },
          { tier: 'semantic', fingerprint: 'fp:none' },
        ])
        expect(ids(found).sort()).toEqual([`l2-${ns}`, `l4-${ns}`].sort())
        expect(await suite.store.findByFingerprints(ns, [])).toEqual([])
      }
      await suite.store.supersede(ns, `l2-${ns}`, `l3-${ns}`)
      expect(await suite.store.findByFingerprint(ns, 'semantic', 'fp:item 2')).toBeNull()
      if (suite.store.findByFingerprints) {
        expect(
          await suite.store.findByFingerprints(ns, [{ tier: 'semantic', fingerprint: 'fp:item 2' }]),
        ).toEqual([])
      }
    })

    it('storedEmbeddings reads back the vectors held for content by fingerprint, for its own embedder only', async (context) => {
      const store = suite.store
      if (!store.storedEmbeddings) return context.skip()
      const ns = uid('stored')
      const other = uid('stored-other')
      const embedder = { model: suite.model, dimensions: suite.dims }
      const values = (vector: Float32Array) => Array.from(vector)
      const chunks = [
        { idx: 0, text: 'reuse', embedding: v(2) },
        { idx: 1, text: 'me', embedding: v(3) },
      ]
      await store.upsert(ns, [
        write(`se-long-${ns}`, 'reuse me', v(1), { chunks }),
        // The fingerprint is case-folded: another spelling of the same content is its own entry.
        write(`se-case-${ns}`, 'Reuse Me', v(4), { tier: 'episodic', fingerprint: 'fp:reuse me' }),
        // The same content again under another id: one entry per distinct content.
        write(`se-again-${ns}`, 'reuse me', v(1), { tier: 'procedural', chunks }),
        write(`se-pending-${ns}`, 'not embedded yet', null),
      ])
      await store.upsert(other, [write(`se-other-${ns}`, 'elsewhere', v(5), { fingerprint: 'fp:reuse me' })])
      // Superseded content keeps its vector: what it holds is still the embedding of that text.
      await store.supersede(ns, `se-case-${ns}`, `se-again-${ns}`)
      const found = await store.storedEmbeddings(
        ns,
        ['fp:reuse me', 'fp:not embedded yet', 'fp:nothing'],
        embedder,
      )
      const byContent = new Map(found.map((entry) => [entry.content, entry]))
      expect([...byContent.keys()].sort()).toEqual(['Reuse Me', 'reuse me'])
      expect(found).toHaveLength(2)
      const long = byContent.get('reuse me')!
      expect(long.fingerprint).toBe('fp:reuse me')
      expect(values(long.embedding)).toEqual(values(v(1)))
      expect(long.chunks.map((chunk) => [chunk.text, values(chunk.embedding)])).toEqual([
        ['reuse', values(v(2))],
        ['me', values(v(3))],
      ])
      const cased = byContent.get('Reuse Me')!
      expect(values(cased.embedding)).toEqual(values(v(4)))
      expect(cased.chunks).toEqual([])
      // Only the namespace asked for.
      expect((await store.storedEmbeddings(other, ['fp:reuse me'], embedder)).map((e) => e.content)).toEqual([
        'elsewhere',
      ])
      // Vectors of another embedder are never handed out, nor are they for another width.
      expect(
        await store.storedEmbeddings(ns, ['fp:reuse me'], { ...embedder, model: 'another-model' }),
      ).toEqual([])
      expect(
        await store.storedEmbeddings(ns, ['fp:reuse me'], { ...embedder, dimensions: suite.dims + 1 }),
      ).toEqual([])
      expect(await store.storedEmbeddings(ns, [], embedder)).toEqual([])
      await rejectsWith(
        store.storedEmbeddings('', ['fp:reuse me'], embedder),
        InvalidArgumentError.isInstance,
      )
      await rejectsWith(
        store.storedEmbeddings(ns, 'fp:reuse me' as unknown as string[], embedder),
        InvalidArgumentError.isInstance,
      )
    })

    it('profileCandidates is the union of the four profileCandidateLists look-ups, live memories of the namespace only', async (context) => {
      const store = suite.store
      if (!store.profileCandidates) return context.skip()
      const ns = uid('prof')
      const at = (days: number) => new Date(Date.now() - days * DAY)
      const rows: MemoryWrite[] = []
      for (let i = 0; i < 12; i++) {
        rows.push(
          write(`pc-${i}-${ns}`, `profile fact ${i}`, v(i % 4), {
            tier: i % 3 === 0 ? 'procedural' : 'semantic',
            // Ties on purpose: the order within a tie is the look-up's (id, descending).
            importance: [0.9, 0.5, 0.5, 0.7, 0.2][i % 5]!,
            createdAt: at(30 - i),
          }),
        )
      }
      rows.push(
        write(`pc-episode-${ns}`, 'profile episode', v(1), { tier: 'episodic', importance: 1 }),
        write(`pc-pin-episode-${ns}`, 'profile pinned episode', v(1), {
          tier: 'episodic',
          importance: 0,
          metadata: { pinned: true },
          createdAt: at(2),
        }),
        write(`pc-pin-work-${ns}`, 'profile pinned note', null, {
          tier: 'working',
          metadata: { pinned: true },
          createdAt: at(1),
        }),
        write(`pc-pin-false-${ns}`, 'profile pinned false', v(2), {
          importance: 0,
          metadata: { pinned: 'true' },
        }),
        write(`pc-expired-${ns}`, 'profile expired', v(2), { importance: 1, expiresAt: at(1) }),
        write(`pc-pin-expired-${ns}`, 'profile pinned expired', v(2), {
          importance: 1,
          expiresAt: at(1),
          metadata: { pinned: true },
        }),
        write(`pc-future-${ns}`, 'profile not valid yet', v(2), {
          importance: 1,
          validFrom: new Date(Date.now() + DAY),
        }),
        write(`pc-old-${ns}`, 'profile superseded', v(2), { tier: 'procedural', importance: 1 }),
      )
      await store.upsert(ns, rows)
      expect(await store.supersede(ns, `pc-old-${ns}`, `pc-0-${ns}`)).toBe(true)
      // Accessed lately: only the access order can bring these low-importance facts in.
      await store.reinforce(ns, [`pc-4-${ns}`], { at: new Date(Date.now() + 1000) })
      await store.reinforce(ns, [`pc-9-${ns}`], { at: new Date(Date.now() + 2000) })
      const other = uid('prof-other')
      await store.upsert(other, [
        write(`pc-other-${other}`, 'profile fact of another namespace', v(0), {
          importance: 1,
          metadata: { pinned: true },
        }),
      ])

      for (const limit of [1, 2, 3, 100]) {
        const expected = new Set<string>()
        for (const options of profileCandidateLists(limit)) {
          for (const memory of await store.list(ns, options)) expected.add(memory.id)
        }
        const found = ids(await store.profileCandidates(ns, limit))
        expect(new Set(found).size).toBe(found.length)
        expect([...found].sort()).toEqual([...expected].sort())
      }
      const all = ids(await store.profileCandidates(ns, 100)).sort()
      expect(all).toEqual(
        [
          ...Array.from({ length: 12 }, (_, i) => `pc-${i}-${ns}`),
          `pc-pin-episode-${ns}`,
          `pc-pin-work-${ns}`,
          `pc-pin-false-${ns}`,
        ].sort(),
      )
      const few = ids(await store.profileCandidates(ns, 1))
      expect(few).toContain(`pc-9-${ns}`)
      expect(few).toContain(`pc-pin-work-${ns}`)
      const full = (await store.profileCandidates(ns, 100)).find((m) => m.id === `pc-pin-episode-${ns}`)
      expect(full).toEqual(await store.get(ns, `pc-pin-episode-${ns}`))
      expect(await store.profileCandidates(uid('prof-empty'), 10)).toEqual([])
      await rejectsWith(store.profileCandidates('', 10), InvalidArgumentError.isInstance)
    })
  })
}
