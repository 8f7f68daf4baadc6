import {
  type Chunk,
  DimensionMismatchError,
  InvalidArgumentError,
  type MemoryWrite,
  type ScoredMemory,
} from '@agent-memory/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axisVector, cosine } from './contractVectors.js'
import { describeStoreCompleteness, type StoreCompletenessOptions } from './describeStoreCompleteness.js'
import type { ContractStore, StoreContractFactory, StoreContractHandle } from './StoreContractFactory.js'

export interface StoreContractOptions {
  /** Vector width of the functional cases. Default 8. */
  dimensions?: number
  /** The completeness case (1,000 namespaces × 100 rows plus one of 20,000). Off unless given. */
  completeness?: StoreCompletenessOptions
  /** Per-test timeout. Default 60 s. */
  timeoutMs?: number
}

const MODEL = 'contract-model'
const DAY = 86_400_000

let serial = 0
/** Unique per call so cases never see each other's rows (ids are unique across namespaces). */
function uid(prefix: string): string {
  serial += 1
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${serial}`
}

function write(
  id: string,
  content: string,
  embedding: Float32Array | null,
  extra: Partial<MemoryWrite> = {},
): MemoryWrite {
  return { id, tier: 'semantic', content, fingerprint: `fp:${content}`, embedding, ...extra }
}

const ids = (hits: { memory: { id: string } }[] | { id: string }[]): string[] =>
  hits.map((hit) => ('memory' in hit ? hit.memory.id : hit.id))

async function rejectsWith(promise: Promise<unknown>, guard: (error: unknown) => boolean): Promise<void> {
  let caught: unknown
  try {
    await promise
  } catch (error) {
    caught = error
  }
  expect(caught, 'expected the call to reject').toBeDefined()
  expect(guard(caught), `unexpected error: ${String(caught)}`).toBe(true)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The `Store` + `ChunkStore` + `RepairStore` contract (packages/core/src/spec/*.ts) as a
 * vitest suite, with no SQL in it: any store that honours the interfaces can pass. Run it
 * once per backend; each `factory` call must return fresh, isolated storage.
 */
export function describeStoreContract(
  name: string,
  factory: StoreContractFactory,
  options: StoreContractOptions = {},
): void {
  const dims = options.dimensions ?? 8
  const timeout = options.timeoutMs ?? 60_000
  const v = (axis: number, mix = 0) => axisVector(dims, axis, mix)

  describe(`Store contract: ${name}`, { timeout }, () => {
    let handle: StoreContractHandle
    let store: ContractStore

    beforeAll(async () => {
      handle = await factory({ model: MODEL, dimensions: dims })
      store = handle.store
    }, timeout)
    afterAll(async () => {
      await handle?.cleanup()
    }, timeout)

    it('round-trips every field and never returns the vector', async () => {
      const ns = uid('rt')
      const created = new Date(Date.now() - 3 * DAY)
      const full: MemoryWrite = {
        id: uid('m'),
        tier: 'episodic',
        level: 'deduced',
        content: 'The user moved to Lisbon in 2024 🙂',
        summary: 'moved to Lisbon',
        metadata: { source: 'chat', n: 3, nested: { ok: true }, list: [1, 'a'] },
        tags: ['home', 'travel'],
        importance: 0.8,
        expiresAt: new Date(Date.now() + 5 * DAY),
        supersededBy: null,
        validFrom: new Date(Date.now() - 30 * DAY),
        validTo: null,
        confidence: 0.6,
        assessedImportance: 0.7,
        linkedMemoryIds: ['x1', 'x2'],
        fingerprint: 'fp-roundtrip',
        embedding: v(0),
        createdAt: created,
      }
      expect(await store.upsert(ns, [full])).toEqual([{ id: full.id, status: 'inserted' }])
      const got = await store.get(ns, full.id)
      expect(got).not.toBeNull()
      expect(got).toMatchObject({
        id: full.id,
        namespace: ns,
        tier: 'episodic',
        level: 'deduced',
        content: full.content,
        summary: 'moved to Lisbon',
        metadata: full.metadata,
        tags: ['home', 'travel'],
        importance: 0.8,
        accessCount: 0,
        supersededBy: null,
        validTo: null,
        confidence: 0.6,
        assessedImportance: 0.7,
        linkedMemoryIds: ['x1', 'x2'],
        embedState: 'ok',
        fingerprint: 'fp-roundtrip',
      })
      expect(got!.createdAt.getTime()).toBe(created.getTime())
      expect(got!.expiresAt!.getTime()).toBe(full.expiresAt!.getTime())
      expect(got!.validFrom!.getTime()).toBe(full.validFrom!.getTime())
      expect(got!.updatedAt).toBeInstanceOf(Date)
      expect(got!.lastAccessedAt).toBeInstanceOf(Date)
      expect(got).not.toHaveProperty('embedding')
      expect(await store.get(ns, 'missing-id')).toBeNull()

      const minimal = write(uid('m'), 'minimal', null)
      await store.upsert(ns, [minimal])
      expect(await store.get(ns, minimal.id)).toMatchObject({
        level: null,
        summary: null,
        metadata: {},
        tags: [],
        expiresAt: null,
        validFrom: null,
        validTo: null,
        confidence: null,
        assessedImportance: null,
        linkedMemoryIds: [],
        embedState: 'pending',
      })
    })

    it('updates in place: createdAt, accessCount and lastAccessedAt survive, the rest is replaced', async () => {
      const ns = uid('upd')
      const id = uid('m')
      const created = new Date(Date.now() - 2 * DAY)
      await store.upsert(ns, [write(id, 'first', v(0), { createdAt: created, tags: ['a'], importance: 0.9 })])
      const seen = new Date(Date.now() - DAY)
      await store.reinforce(ns, [id], { at: seen })
      const before = (await store.get(ns, id))!
      const outcome = await store.upsert(ns, [
        write(id, 'second', v(1), { createdAt: new Date(0), tags: ['b'], tier: 'procedural' }),
      ])
      expect(outcome).toEqual([{ id, status: 'updated' }])
      const after = (await store.get(ns, id))!
      expect(after.content).toBe('second')
      expect(after.tier).toBe('procedural')
      expect(after.tags).toEqual(['b'])
      expect(after.createdAt.getTime()).toBe(created.getTime())
      expect(after.accessCount).toBe(1)
      expect(after.lastAccessedAt.getTime()).toBe(seen.getTime())
      expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime())
      const hits = await store.searchVector(ns, v(1), { limit: 5 })
      expect(ids(hits)).toEqual([id])
      expect(hits[0]!.score).toBeCloseTo(1, 4)
    })

    it('stores a null embedding as pending; pending rows never match a vector search', async () => {
      const ns = uid('pend')
      const id = uid('m')
      await store.upsert(ns, [write(id, 'pending row', null)])
      expect((await store.get(ns, id))!.embedState).toBe('pending')
      expect(await store.searchVector(ns, v(0), { limit: 5 })).toEqual([])
      expect(ids(await store.searchText(ns, 'pending', { limit: 5 }))).toEqual([id])
      await store.upsert(ns, [write(id, 'pending row', v(0))])
      expect((await store.get(ns, id))!.embedState).toBe('ok')
      expect(ids(await store.searchVector(ns, v(0), { limit: 5 }))).toEqual([id])
    })

    it('keepEmbedding keeps the vector and chunks only while the content is unchanged', async () => {
      const ns = uid('keep')
      const id = uid('m')
      const chunk: Chunk = { idx: 0, text: 'kept passage', embedding: v(2) }
      await store.upsert(ns, [write(id, 'kept row', v(1), { chunks: [chunk] })])
      await store.upsert(ns, [write(id, 'kept row', null, { keepEmbedding: true, tags: ['edited'] })])
      const kept = (await store.get(ns, id))!
      expect(kept.embedState).toBe('ok')
      expect(kept.tags).toEqual(['edited'])
      expect(ids(await store.searchVector(ns, v(1), { limit: 5 }))).toEqual([id])
      expect(ids(await store.searchChunks(ns, v(2), { limit: 5 }))).toEqual([id])
      // Several keep and plain writes in one batch, including a row that does not exist yet.
      const fresh = uid('m')
      await store.upsert(ns, [
        write(id, 'kept row, rewritten', null, { keepEmbedding: true }),
        write(fresh, 'fresh row', null, { keepEmbedding: true }),
      ])
      expect((await store.get(ns, id))!.embedState).toBe('pending')
      expect((await store.get(ns, fresh))!.embedState).toBe('pending')
      expect(await store.searchVector(ns, v(1), { limit: 5 })).toEqual([])
      expect(await store.searchChunks(ns, v(2), { limit: 5 })).toEqual([])
    })

    it('refuses an id owned by another namespace and writes nothing for it', async () => {
      const [a, b] = [uid('own-a'), uid('own-b')]
      const shared = uid('m')
      const other = uid('m')
      await store.upsert(a, [write(shared, 'owned by a', v(0))])
      const outcome = await store.upsert(b, [write(shared, 'stolen by b', v(1)), write(other, 'fine', v(2))])
      expect(outcome).toEqual([
        { id: shared, status: 'conflict' },
        { id: other, status: 'inserted' },
      ])
      expect(await store.get(b, shared)).toBeNull()
      expect((await store.get(a, shared))!.content).toBe('owned by a')
      expect((await store.get(b, other))!.content).toBe('fine')
      expect(await store.delete(b, [shared])).toBe(0)
      expect(await store.supersede(b, shared, other)).toBe(false)
      expect(await store.history(b, shared)).toEqual([])
      await store.reinforce(b, [shared])
      expect((await store.get(a, shared))!.accessCount).toBe(0)
    })

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
        await store.upsert(ns, [write(id, `isolation marker ${suffix}`, v(3))])
      }
      for (const ns of namespaces) {
        const mine = [owned.get(ns)!]
        expect(ids(await store.list(ns, { limit: 100 })).filter((id) => id.startsWith('iso'))).toEqual(mine)
        expect(
          ids(await store.searchVector(ns, v(3), { limit: 50 })).filter((id) => id.startsWith('iso')),
        ).toEqual(mine)
        expect(ids(await store.searchText(ns, `isolation marker ${suffix}`, { limit: 50 }))).toEqual(mine)
        const stats = await store.stats(ns)
        expect(stats.map((entry) => entry.namespace)).toEqual([ns])
        for (const [otherNs, otherId] of owned) {
          if (otherNs !== ns) expect(await store.get(ns, otherId)).toBeNull()
        }
      }
      const u1 = `u1${suffix}`
      const u10 = `u10${suffix}`
      expect(await store.delete(u1, [owned.get(u10)!])).toBe(0)
      expect(await store.get(u10, owned.get(u10)!)).not.toBeNull()
      expect(await store.delete(u1, [owned.get(u1)!])).toBe(1)
      expect(await store.get(u10, owned.get(u10)!)).not.toBeNull()
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
      await store.upsert(ns, rows)
      const [a, b, c] = rows.map((row) => row.id) as [string, string, string]
      const all = async (
        filter: Parameters<ContractStore['list']>[1] extends infer O
          ? O extends { filter?: infer F }
            ? F
            : never
          : never,
      ) => {
        const listed = ids(await store.list(ns, { filter, limit: 100 })).sort()
        const vector = ids(await store.searchVector(ns, v(0), { filter, limit: 100 })).sort()
        const text = ids(await store.searchText(ns, 'coffee', { filter, limit: 100 })).sort()
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
      await store.reinforce(ns, [b], { at: new Date(accessed.getTime() + 1000) })
      expect(await all({ accessedAfter: accessed })).toEqual([b])
      for (const key of ["a'); DROP TABLE memories; --", '', 'has space', '$.x', 'x'.repeat(65)]) {
        await rejectsWith(
          store.list(ns, { filter: { metadata: { [key]: 'v' } } }),
          InvalidArgumentError.isInstance,
        )
      }
    })

    it('hides expired, superseded and out-of-window rows unless asked', async () => {
      const ns = uid('live')
      const now = Date.now()
      const rows = [
        write(uid('live'), 'live', v(0)),
        write(uid('expired'), 'expired', v(0), { expiresAt: new Date(now - DAY) }),
        write(uid('future'), 'not yet valid', v(0), { validFrom: new Date(now + DAY) }),
        write(uid('ended'), 'no longer valid', v(0), { validTo: new Date(now - DAY) }),
      ]
      await store.upsert(ns, rows)
      const [live, expired] = rows.map((row) => row.id) as [string, string]
      expect(ids(await store.list(ns))).toEqual([live])
      expect(ids(await store.searchVector(ns, v(0), { limit: 10 }))).toEqual([live])
      expect(ids(await store.list(ns, { filter: { includeExpired: true } })).sort()).toEqual(
        [live, expired].sort(),
      )
      const next = write(uid('next'), 'replacement', v(0))
      await store.upsert(ns, [next])
      expect(await store.supersede(ns, live, next.id)).toBe(true)
      expect(ids(await store.list(ns))).toEqual([next.id])
      expect(ids(await store.list(ns, { filter: { includeSuperseded: true } })).sort()).toEqual(
        [live, next.id].sort(),
      )
    })

    it('answers asOf across a supersession, and restore undoes it', async () => {
      const ns = uid('asof')
      const t0 = Date.now() - 10 * DAY
      const oldFact = write(uid('old'), 'lives in Paris', v(0), { createdAt: new Date(t0) })
      const newFact = write(uid('new'), 'lives in Rome', v(0, 0.1), {
        createdAt: new Date(t0 + 5 * DAY),
        validFrom: new Date(t0 + 5 * DAY),
      })
      await store.upsert(ns, [oldFact, newFact])
      const switchAt = new Date(t0 + 5 * DAY)
      expect(await store.supersede(ns, oldFact.id, newFact.id, switchAt)).toBe(true)
      expect(await store.supersede(ns, oldFact.id, 'missing')).toBe(false)
      expect(await store.supersede(ns, 'missing', newFact.id)).toBe(false)
      const superseded = (await store.get(ns, oldFact.id))!
      expect(superseded.supersededBy).toBe(newFact.id)
      expect(superseded.validTo!.getTime()).toBe(switchAt.getTime())

      expect(ids(await store.list(ns))).toEqual([newFact.id])
      const before = new Date(t0 + 2 * DAY)
      expect(ids(await store.list(ns, { filter: { asOf: before } }))).toEqual([oldFact.id])
      expect(ids(await store.searchVector(ns, v(0), { filter: { asOf: before }, limit: 5 }))).toEqual([
        oldFact.id,
      ])
      const after = new Date(t0 + 7 * DAY)
      expect(ids(await store.list(ns, { filter: { asOf: after } }))).toEqual([newFact.id])

      expect(ids(await store.history(ns, newFact.id))).toEqual([oldFact.id, newFact.id])
      expect(ids(await store.history(ns, oldFact.id))).toEqual([oldFact.id, newFact.id])
      expect(await store.history(ns, 'missing')).toEqual([])

      expect(await store.restore(ns, oldFact.id)).toBe(true)
      const restored = (await store.get(ns, oldFact.id))!
      expect(restored.supersededBy).toBeNull()
      expect(restored.validTo).toBeNull()
      expect(ids(await store.list(ns)).sort()).toEqual([oldFact.id, newFact.id].sort())
    })

    it('reinforces: access count, last access, sliding expiry only for rows that expire', async () => {
      const ns = uid('rf')
      const expiring = write(uid('exp'), 'expiring', v(0), { expiresAt: new Date(Date.now() + DAY) })
      const durable = write(uid('dur'), 'durable', v(0))
      await store.upsert(ns, [expiring, durable])
      const at = new Date(Date.now() + 60_000)
      await store.reinforce(ns, [expiring.id, durable.id, 'missing'], { at, slidingTtlMs: 7 * DAY })
      await store.reinforce(ns, [durable.id])
      const e = (await store.get(ns, expiring.id))!
      const d = (await store.get(ns, durable.id))!
      expect(e.accessCount).toBe(1)
      expect(e.lastAccessedAt.getTime()).toBe(at.getTime())
      expect(e.expiresAt!.getTime()).toBe(at.getTime() + 7 * DAY)
      expect(d.accessCount).toBe(2)
      expect(d.expiresAt).toBeNull()
      await store.reinforce(ns, [])
    })

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
      await store.upsert(ns, rows)
      const hits = await store.searchVector(ns, v(0), { limit: 5 })
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
      expect(await store.searchVector(ns, v(0), { limit: 1 })).toHaveLength(1)
    })

    it('follows the chunk contract: absent keeps (same content) or clears (changed), a list replaces, [] clears', async () => {
      const ns = uid('chk')
      const id = uid('m')
      const chunk = (idx: number, axis: number): Chunk => ({
        idx,
        text: `passage ${idx}`,
        embedding: v(axis),
      })
      const chunkHits = async (axis: number) => store.searchChunks(ns, v(axis), { limit: 10 })

      await store.upsert(ns, [write(id, 'long text', v(0), { chunks: [chunk(0, 1), chunk(1, 2)] })])
      expect((await chunkHits(2))[0]).toMatchObject({
        memory: { id },
        matchedChunk: { idx: 1, text: 'passage 1' },
      })

      await store.upsert(ns, [write(id, 'long text', v(0), { importance: 0.1 })])
      expect(await chunkHits(2)).toHaveLength(1)

      await store.upsert(ns, [write(id, 'long text, edited', v(0))])
      expect(await chunkHits(2)).toEqual([])

      await store.upsert(ns, [write(id, 'long text, edited', v(0), { chunks: [chunk(0, 1), chunk(1, 2)] })])
      await store.upsert(ns, [write(id, 'long text, edited', v(0), { chunks: [chunk(5, 3)] })])
      const replaced = await chunkHits(3)
      expect(replaced.map((hit) => hit.matchedChunk?.idx)).toEqual([5])
      expect((await chunkHits(2))[0]!.matchedChunk!.idx).toBe(5)

      await store.upsert(ns, [write(id, 'long text, edited', v(0), { chunks: [] })])
      expect(await chunkHits(3)).toEqual([])
      expect((await store.stats(ns))[0]!.chunks).toBe(0)

      expect(await store.putChunks(ns, id, 'stale-fingerprint', [chunk(0, 1)])).toBe(false)
      expect(await store.putChunks(ns, id, 'fp:long text, edited', [chunk(0, 1), chunk(1, 4)])).toBe(true)
      expect((await store.stats(ns))[0]!.chunks).toBe(2)
      expect(await store.delete(ns, [id])).toBe(1)
      expect((await store.stats(ns))[0]?.chunks ?? 0).toBe(0)
      expect(await chunkHits(1)).toEqual([])
    })

    it('max-pools chunk hits to one per memory, on the searchVector scale', async () => {
      const ns = uid('pool')
      const a = uid('a')
      const b = uid('b')
      await store.upsert(ns, [
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
      const hits: ScoredMemory[] = await store.searchChunks(ns, v(0), { limit: 10 })
      expect(ids(hits)).toEqual([a, b])
      expect(hits[0]!.matchedChunk).toEqual({ idx: 1, text: 'a1' })
      expect(hits[0]!.score).toBeCloseTo(1, 4)
      expect(hits[1]!.matchedChunk).toEqual({ idx: 0, text: 'b0' })
      expect(hits[1]!.score).toBeCloseTo(cosine(v(0, 0.5), v(0)), 4)
      expect(await store.searchChunks(ns, v(0), { limit: 1 })).toHaveLength(1)
      expect(ids(await store.searchChunks(ns, v(0), { limit: 10, filter: { tiers: ['working'] } }))).toEqual(
        [],
      )
    })

    it('finds keywords in English, Chinese and Japanese text', async () => {
      const ns = uid('kw')
      const rows = [
        write(uid('en'), 'The user drinks black coffee every morning', v(0)),
        write(uid('zh'), '用户喜欢在北京喝咖啡', v(1)),
        write(uid('ja'), 'ユーザーは東京でラーメンを食べた', v(2)),
        write(uid('tag'), 'unrelated words', v(3), { tags: ['gardening'] }),
      ]
      await store.upsert(ns, rows)
      const [en, zh, ja, tag] = rows.map((row) => row.id) as [string, string, string, string]
      expect(ids(await store.searchText(ns, 'coffee', { limit: 5 }))).toEqual([en])
      expect(ids(await store.searchText(ns, 'COFFEE morning?', { limit: 5 }))).toEqual([en])
      expect(ids(await store.searchText(ns, '北京', { limit: 5 }))).toEqual([zh])
      expect(ids(await store.searchText(ns, '咖啡', { limit: 5 }))).toEqual([zh])
      expect(ids(await store.searchText(ns, 'ラーメン', { limit: 5 }))).toEqual([ja])
      expect(ids(await store.searchText(ns, '東京', { limit: 5 }))).toEqual([ja])
      expect(ids(await store.searchText(ns, 'nothing matches this', { limit: 5 }))).toEqual([])
      expect(ids(await store.searchText(ns, 'gardening', { limit: 5 }))).toContain(tag)
      const both = await store.searchText(ns, 'coffee 北京', { limit: 5 })
      expect(ids(both).sort()).toEqual([en, zh].sort())
    })

    it('survives hostile keyword queries: hits or nothing, never an error', async () => {
      const ns = uid('hostile')
      const id = uid('m')
      await store.upsert(ns, [write(id, 'near the table, drop by for coffee', v(0))])
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
        const hits = await store.searchText(ns, query, { limit: 5 })
        expect(Array.isArray(hits)).toBe(true)
        expect(ids(hits).every((hit) => hit === id)).toBe(true)
      }
      expect(ids(await store.searchText(ns, "coffee'); DROP TABLE memories; --", { limit: 5 }))).toEqual([id])
      expect(await store.get(ns, id)).not.toBeNull()
    })

    it('refuses a vector of the wrong dimension before writing anything', async () => {
      const ns = uid('dim')
      const good = write(uid('good'), 'good', v(0))
      const bad = write(uid('bad'), 'bad', new Float32Array(dims + 1).fill(0.1))
      await rejectsWith(store.upsert(ns, [good, bad]), DimensionMismatchError.isInstance)
      expect(await store.get(ns, good.id)).toBeNull()
      const badChunk = write(uid('bc'), 'bad chunk', v(0), {
        chunks: [{ idx: 0, text: 't', embedding: new Float32Array(dims - 1) }],
      })
      await rejectsWith(store.upsert(ns, [badChunk]), DimensionMismatchError.isInstance)
      expect(await store.get(ns, badChunk.id)).toBeNull()
      await rejectsWith(
        store.searchVector(ns, new Float32Array(dims + 3), { limit: 3 }),
        DimensionMismatchError.isInstance,
      )
      await rejectsWith(
        store.searchChunks(ns, new Float32Array(1), { limit: 3 }),
        DimensionMismatchError.isInstance,
      )
    })

    it('refuses a bad namespace', async () => {
      for (const ns of ['', 'a\u0000b', 'x'.repeat(257)]) {
        await rejectsWith(store.get(ns, 'x'), InvalidArgumentError.isInstance)
        await rejectsWith(store.upsert(ns, [write(uid('m'), 'x', v(0))]), InvalidArgumentError.isInstance)
      }
    })

    it('refuses a different model or dimension on reopen', async (context) => {
      // Its own storage: reopening may close and replace the store it was given.
      const own = await factory({ model: MODEL, dimensions: dims })
      try {
        if (own.reopen === undefined) {
          context.skip('this store records no embedder (no reopen in the factory)')
          return
        }
        await own.store.upsert(uid('reopen'), [write(uid('m'), 'recorded', v(0))])
        await rejectsWith(
          own.reopen({ model: 'another-model', dimensions: dims }),
          DimensionMismatchError.isInstance,
        )
        await rejectsWith(
          own.reopen({ model: MODEL, dimensions: dims + 1 }),
          DimensionMismatchError.isInstance,
        )
        const same = await own.reopen({ model: MODEL, dimensions: dims })
        expect(same.dimensions).toBe(dims)
        await same.close()
      } finally {
        await own.cleanup()
      }
    })

    it('refuses a different model or dimension on reopen even before anything is stored', async (context) => {
      const own = await factory({ model: MODEL, dimensions: dims })
      try {
        if (own.reopen === undefined) {
          context.skip('this store records no embedder (no reopen in the factory)')
          return
        }
        await rejectsWith(
          own.reopen({ model: 'another-model', dimensions: dims }),
          DimensionMismatchError.isInstance,
        )
        await rejectsWith(
          own.reopen({ model: MODEL, dimensions: dims + 1 }),
          DimensionMismatchError.isInstance,
        )
      } finally {
        await own.cleanup()
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
      await store.upsert(ns, rows)
      const all = ids(await store.list(ns))
      expect(all).toEqual([4, 3, 2, 1, 0].map((i) => `l${i}-${ns}`))
      expect(ids(await store.list(ns, { orderBy: 'importance', direction: 'asc' }))).toEqual(
        [1, 3, 0, 4, 2].map((i) => `l${i}-${ns}`),
      )
      const page1 = ids(await store.list(ns, { limit: 2 }))
      const page2 = ids(await store.list(ns, { limit: 2, offset: 2 }))
      const page3 = ids(await store.list(ns, { limit: 2, offset: 4 }))
      expect([...page1, ...page2, ...page3]).toEqual(all)
      expect((await store.findByFingerprint(ns, 'semantic', 'fp:item 2'))!.id).toBe(`l2-${ns}`)
      expect(await store.findByFingerprint(ns, 'episodic', 'fp:item 2')).toBeNull()
      expect(await store.findByFingerprint(ns, 'semantic', 'fp:none')).toBeNull()
      await store.supersede(ns, `l2-${ns}`, `l3-${ns}`)
      expect(await store.findByFingerprint(ns, 'semantic', 'fp:item 2')).toBeNull()
    })

    it('counts per namespace and tier, pending, failed, superseded and chunks', async () => {
      const ns = uid('stats')
      await store.upsert(ns, [
        write(uid('s'), 'one', v(0), { tier: 'working', chunks: [{ idx: 0, text: 'c', embedding: v(0) }] }),
        write(uid('s'), 'two', null, { tier: 'semantic' }),
        write(`s-three-${ns}`, 'three', v(1), { tier: 'semantic' }),
        write(`s-four-${ns}`, 'four', v(2), { tier: 'semantic' }),
      ])
      await store.supersede(ns, `s-three-${ns}`, `s-four-${ns}`)
      const [stats] = await store.stats(ns)
      expect(stats).toEqual({
        namespace: ns,
        total: 4,
        byTier: { working: 1, semantic: 3 },
        pending: 1,
        failed: 0,
        superseded: 1,
        chunks: 1,
      })
      const everything = await store.stats()
      expect(everything.find((entry) => entry.namespace === ns)).toEqual(stats)
    })

    it('stays consistent under concurrent access (8 workers × 25 mixed operations)', async () => {
      const ns = uid('conc')
      const shared = uid('shared')
      await store.upsert(ns, [write(shared, 'shared counter', v(0))])
      const workers = Array.from({ length: 8 }, (_, worker) => worker)
      const expected = new Map<string, string | null>()
      let reinforcements = 0
      await Promise.all(
        workers.map(async (worker) => {
          for (let step = 0; step < 25; step++) {
            const id = `w${worker}-${step % 5}-${ns}`
            switch (step % 5) {
              case 0:
              case 1:
                await store.upsert(ns, [write(id, `worker ${worker} step ${step}`, v(worker + step))])
                expected.set(id, `worker ${worker} step ${step}`)
                break
              case 2:
                await store.reinforce(ns, [shared])
                reinforcements += 1
                await store.upsert(ns, [write(id, `worker ${worker} step ${step}`, null)])
                expected.set(id, `worker ${worker} step ${step}`)
                break
              case 3:
                await store.searchVector(ns, v(worker), { limit: 5 })
                await store.searchText(ns, 'worker', { limit: 5 })
                await store.upsert(ns, [write(id, `worker ${worker} step ${step}`, v(step))])
                expected.set(id, `worker ${worker} step ${step}`)
                break
              default: {
                const gone = `w${worker}-0-${ns}`
                expect(await store.delete(ns, [gone])).toBe(1)
                expected.set(gone, null)
                await store.upsert(ns, [write(gone, `worker ${worker} again ${step}`, v(1))])
                expected.set(gone, `worker ${worker} again ${step}`)
              }
            }
          }
        }),
      )
      for (const [id, content] of expected) {
        const got = await store.get(ns, id)
        expect(got?.content ?? null).toBe(content)
      }
      expect((await store.get(ns, shared))!.accessCount).toBe(reinforcements)
      const live = [...expected.values()].filter((content) => content !== null).length
      expect((await store.stats(ns))[0]!.total).toBe(1 + live)
    })

    it('leases each pending row to exactly one of 6 concurrent claimants', async () => {
      const ns = uid('claim')
      const rows = Array.from({ length: 40 }, (_, i) => write(`p${i}-${ns}`, `pending ${i}`, null))
      await store.upsert(ns, rows)
      const claimed: string[] = []
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          for (;;) {
            const batch = await store.claimPending({ limit: 3, leaseMs: 60_000, namespace: ns })
            if (batch.length === 0) return
            for (const claim of batch) {
              expect(claim.namespace).toBe(ns)
              expect(claim.attempts).toBe(0)
              claimed.push(claim.id)
            }
          }
        }),
      )
      expect(claimed.length).toBe(40)
      expect(new Set(claimed).size).toBe(40)
      expect(await store.repairStats(ns)).toEqual({ pending: 40, leased: 40, failed: 0 })
    })

    it('completes repairs guarded by fingerprint, backs off and parks failures', async () => {
      const ns = uid('repair')
      const [a, b, c] = [uid('a'), uid('b'), uid('c')]
      await store.upsert(ns, [write(a, 'alpha', null), write(b, 'beta', null), write(c, 'gamma', null)])
      const claims = await store.claimPending({ limit: 10, leaseMs: 60_000, namespace: ns })
      expect(claims.map((claim) => claim.id).sort()).toEqual([a, b, c].sort())
      expect(claims.find((claim) => claim.id === a)).toMatchObject({
        content: 'alpha',
        fingerprint: 'fp:alpha',
      })
      expect(await store.claimPending({ limit: 10, leaseMs: 60_000, namespace: ns })).toEqual([])

      expect(
        await store.completeRepair(ns, a, 'fp:alpha', v(0), [
          { idx: 0, text: 'alpha part', embedding: v(1) },
        ]),
      ).toBe(true)
      expect((await store.get(ns, a))!.embedState).toBe('ok')
      expect(ids(await store.searchVector(ns, v(0), { limit: 5 }))).toEqual([a])
      expect(ids(await store.searchChunks(ns, v(1), { limit: 5 }))).toEqual([a])

      await store.upsert(ns, [write(b, 'beta, edited', null)])
      expect(await store.completeRepair(ns, b, 'fp:beta', v(2))).toBe(false)
      expect((await store.get(ns, b))!.embedState).toBe('pending')

      expect(await store.failRepair(ns, c, { backoffMs: 3_600_000, maxAttempts: 2, error: 'HTTP 503' })).toBe(
        'retry',
      )
      const afterFail = await store.claimPending({ limit: 10, leaseMs: 60_000, namespace: ns })
      expect(afterFail.map((claim) => claim.id)).toEqual([b])
      expect(await store.failRepair(ns, c, { backoffMs: 0, maxAttempts: 2, error: 'HTTP 503' })).toBe(
        'parked',
      )
      expect((await store.get(ns, c))!.embedState).toBe('failed')
      expect(await store.repairStats(ns)).toEqual({ pending: 1, leased: 1, failed: 1 })
      expect((await store.stats(ns))[0]).toMatchObject({ pending: 1, failed: 1 })
    })

    it('hands an expired lease to the next claimant, with the attempt count', async () => {
      const ns = uid('lease')
      const id = uid('m')
      await store.upsert(ns, [write(id, 'lease me', null)])
      expect(ids(await store.claimPending({ limit: 1, leaseMs: 30, namespace: ns }))).toEqual([id])
      await store.failRepair(ns, id, { backoffMs: 0, maxAttempts: 5, error: 'timeout' })
      const again = await store.claimPending({ limit: 1, leaseMs: 30, namespace: ns })
      expect(again).toEqual([expect.objectContaining({ id, attempts: 1 })])
      await sleep(120)
      const third = await store.claimPending({ limit: 1, leaseMs: 60_000, namespace: ns })
      expect(third).toEqual([expect.objectContaining({ id, attempts: 1 })])
    })

    if (options.completeness !== undefined) {
      describeStoreCompleteness(factory, options.completeness)
    }
  })
}
