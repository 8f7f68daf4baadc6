import {
  type Chunk,
  DimensionMismatchError,
  InvalidArgumentError,
  type MemoryWrite,
} from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import type { ContractSuite } from './ContractSuite.js'
import { DAY } from './DAY.js'
import { ids } from './ids.js'
import { rejectsWith } from './rejectsWith.js'
import { uid } from './uid.js'
import { write } from './write.js'

/** Writes: `upsert` round trips, in-place updates, pending rows, `keepEmbedding`, id ownership and the checks that refuse a bad write. */
export function describeStoreWrites(suite: ContractSuite): void {
  const { v, dims } = suite
  describe('writes', () => {
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
      expect(await suite.store.upsert(ns, [full])).toEqual([{ id: full.id, status: 'inserted' }])
      const got = await suite.store.get(ns, full.id)
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
      expect(await suite.store.get(ns, 'missing-id')).toBeNull()

      const minimal = write(uid('m'), 'minimal', null)
      await suite.store.upsert(ns, [minimal])
      expect(await suite.store.get(ns, minimal.id)).toMatchObject({
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
      await suite.store.upsert(ns, [
        write(id, 'first', v(0), { createdAt: created, tags: ['a'], importance: 0.9 }),
      ])
      const seen = new Date(Date.now() - DAY)
      await suite.store.reinforce(ns, [id], { at: seen })
      const before = (await suite.store.get(ns, id))!
      const outcome = await suite.store.upsert(ns, [
        write(id, 'second', v(1), { createdAt: new Date(0), tags: ['b'], tier: 'procedural' }),
      ])
      expect(outcome).toEqual([{ id, status: 'updated' }])
      const after = (await suite.store.get(ns, id))!
      expect(after.content).toBe('second')
      expect(after.tier).toBe('procedural')
      expect(after.tags).toEqual(['b'])
      expect(after.createdAt.getTime()).toBe(created.getTime())
      expect(after.accessCount).toBe(1)
      expect(after.lastAccessedAt.getTime()).toBe(seen.getTime())
      expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime())
      const hits = await suite.store.searchVector(ns, v(1), { limit: 5 })
      expect(ids(hits)).toEqual([id])
      expect(hits[0]!.score).toBeCloseTo(1, 4)
    })

    it('observedAt: null unless a write gives it; a write without it keeps the stored one', async () => {
      const ns = uid('obs')
      const seen = new Date(Date.now() - 5 * DAY)
      const later = new Date(Date.now() - DAY)
      const [a, b] = [uid('m'), uid('m')]
      await suite.store.upsert(ns, [
        write(a, 'observed fact', v(0), { confidence: 0.5, observedAt: seen }),
        write(b, 'unobserved fact', v(1), { confidence: 0.5 }),
      ])
      expect((await suite.store.get(ns, a))!.observedAt?.getTime()).toBe(seen.getTime())
      expect((await suite.store.get(ns, b))!.observedAt).toBeNull()
      await suite.store.upsert(ns, [
        write(a, 'observed fact', null, { keepEmbedding: true, confidence: 0.6 }),
        write(b, 'unobserved fact', null, { keepEmbedding: true, confidence: 0.6, observedAt: null }),
      ])
      expect((await suite.store.get(ns, a))!.observedAt?.getTime()).toBe(seen.getTime())
      expect((await suite.store.get(ns, b))!.observedAt).toBeNull()
      await suite.store.upsert(ns, [
        write(a, 'observed fact', null, { keepEmbedding: true, observedAt: later }),
      ])
      const got = (await suite.store.get(ns, a))!
      expect(got.observedAt?.getTime()).toBe(later.getTime())
      expect((await suite.store.list(ns, { limit: 10 })).find((m) => m.id === a)?.observedAt?.getTime()).toBe(
        later.getTime(),
      )
    })

    it('stores a null embedding as pending; pending rows never match a vector search', async () => {
      const ns = uid('pend')
      const id = uid('m')
      await suite.store.upsert(ns, [write(id, 'pending row', null)])
      expect((await suite.store.get(ns, id))!.embedState).toBe('pending')
      expect(await suite.store.searchVector(ns, v(0), { limit: 5 })).toEqual([])
      expect(ids(await suite.store.searchText(ns, 'pending', { limit: 5 }))).toEqual([id])
      await suite.store.upsert(ns, [write(id, 'pending row', v(0))])
      expect((await suite.store.get(ns, id))!.embedState).toBe('ok')
      expect(ids(await suite.store.searchVector(ns, v(0), { limit: 5 }))).toEqual([id])
    })

    it('keepEmbedding keeps the vector and chunks only while the content is unchanged', async () => {
      const ns = uid('keep')
      const id = uid('m')
      const chunk: Chunk = { idx: 0, text: 'kept passage', embedding: v(2) }
      await suite.store.upsert(ns, [write(id, 'kept row', v(1), { chunks: [chunk] })])
      await suite.store.upsert(ns, [write(id, 'kept row', null, { keepEmbedding: true, tags: ['edited'] })])
      const kept = (await suite.store.get(ns, id))!
      expect(kept.embedState).toBe('ok')
      expect(kept.tags).toEqual(['edited'])
      expect(ids(await suite.store.searchVector(ns, v(1), { limit: 5 }))).toEqual([id])
      expect(ids(await suite.store.searchChunks(ns, v(2), { limit: 5 }))).toEqual([id])
      // Several keep and plain writes in one batch, including a row that does not exist yet.
      const fresh = uid('m')
      await suite.store.upsert(ns, [
        write(id, 'kept row, rewritten', null, { keepEmbedding: true }),
        write(fresh, 'fresh row', null, { keepEmbedding: true }),
      ])
      expect((await suite.store.get(ns, id))!.embedState).toBe('pending')
      expect((await suite.store.get(ns, fresh))!.embedState).toBe('pending')
      expect(await suite.store.searchVector(ns, v(1), { limit: 5 })).toEqual([])
      expect(await suite.store.searchChunks(ns, v(2), { limit: 5 })).toEqual([])
    })

    it('keeps an id written in another namespace apart: a second memory (ids per namespace) or a conflict', async () => {
      const [a, b] = [uid('own-a'), uid('own-b')]
      const shared = uid('m')
      const other = uid('m')
      await suite.store.upsert(a, [write(shared, 'owned by a', v(0))])
      if (suite.idsUniquePerNamespace) {
        const outcome = await suite.store.upsert(b, [write(shared, 'b has its own', v(1))])
        expect(outcome).toEqual([{ id: shared, status: 'inserted' }])
        expect((await suite.store.get(b, shared))!.content).toBe('b has its own')
        expect((await suite.store.get(a, shared))!.content).toBe('owned by a')
        expect(await suite.store.delete(b, [shared])).toBe(1)
        expect((await suite.store.get(a, shared))!.content).toBe('owned by a')
        return
      }
      const outcome = await suite.store.upsert(b, [
        write(shared, 'stolen by b', v(1)),
        write(other, 'fine', v(2)),
      ])
      expect(outcome).toEqual([
        { id: shared, status: 'conflict' },
        { id: other, status: 'inserted' },
      ])
      expect(await suite.store.get(b, shared)).toBeNull()
      expect((await suite.store.get(a, shared))!.content).toBe('owned by a')
      expect((await suite.store.get(b, other))!.content).toBe('fine')
      expect(await suite.store.delete(b, [shared])).toBe(0)
      expect(await suite.store.supersede(b, shared, other)).toBe(false)
      expect(await suite.store.history(b, shared)).toEqual([])
      await suite.store.reinforce(b, [shared])
      expect((await suite.store.get(a, shared))!.accessCount).toBe(0)
    })

    it('refuses a vector of the wrong dimension before writing anything', async () => {
      const ns = uid('dim')
      const good = write(uid('good'), 'good', v(0))
      const bad = write(uid('bad'), 'bad', new Float32Array(dims + 1).fill(0.1))
      await rejectsWith(suite.store.upsert(ns, [good, bad]), DimensionMismatchError.isInstance)
      expect(await suite.store.get(ns, good.id)).toBeNull()
      const badChunk = write(uid('bc'), 'bad chunk', v(0), {
        chunks: [{ idx: 0, text: 't', embedding: new Float32Array(dims - 1) }],
      })
      await rejectsWith(suite.store.upsert(ns, [badChunk]), DimensionMismatchError.isInstance)
      expect(await suite.store.get(ns, badChunk.id)).toBeNull()
      await rejectsWith(
        suite.store.searchVector(ns, new Float32Array(dims + 3), { limit: 3 }),
        DimensionMismatchError.isInstance,
      )
      await rejectsWith(
        suite.store.searchChunks(ns, new Float32Array(1), { limit: 3 }),
        DimensionMismatchError.isInstance,
      )
    })

    it('refuses a bad namespace', async () => {
      for (const ns of ['', 'a\u0000b', 'x'.repeat(257)]) {
        await rejectsWith(suite.store.get(ns, 'x'), InvalidArgumentError.isInstance)
        await rejectsWith(
          suite.store.upsert(ns, [write(uid('m'), 'x', v(0))]),
          InvalidArgumentError.isInstance,
        )
      }
    })
  })
}
