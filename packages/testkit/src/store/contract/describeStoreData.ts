import { describe, expect, it } from 'vitest'
import type { ContractSuite } from './ContractSuite.js'
import { DAY } from './DAY.js'
import { dataStoreOf } from './dataStoreOf.js'
import { exportAll } from './exportAll.js'
import { ids } from './ids.js'
import { uid } from './uid.js'
import { write } from './write.js'

const sorted = (values: string[]) => [...values].sort()

/**
 * The user's data (`NamespaceDataStore`): export pages every row once with its chunks and (when
 * asked) vectors; import writes them back verbatim and idempotently; erase leaves nothing of the
 * namespace and nothing of any other namespace changed.
 */
export function describeStoreData(suite: ContractSuite): void {
  const { v } = suite
  /** A namespace with a superseded chain, validity, tags, metadata, chunks, a pending row and reinforcement. */
  async function seed(ns: string) {
    const store = dataStoreOf(suite.store)
    const t0 = new Date(Date.now() - 30 * DAY)
    const old = write(uid('old'), 'lives in Paris', v(0), { createdAt: t0, tags: ['home'], validFrom: t0 })
    const next = write(uid('next'), 'lives in Lyon', v(1), {
      tags: ['home', 'moved'],
      metadata: { source: 'chat', turn: 3 },
      confidence: 0.7,
      assessedImportance: 0.9,
      importance: 0.8,
      linkedMemoryIds: [old.id],
      chunks: [
        { idx: 0, text: 'lives in', embedding: v(1) },
        { idx: 1, text: 'in Lyon', embedding: v(2) },
      ],
    })
    const pending = write(uid('pending'), 'likes green tea', null, {
      tier: 'working',
      expiresAt: new Date(Date.now() + DAY),
    })
    await store.upsert(ns, [old, next, pending])
    expect(await store.supersede(ns, old.id, next.id)).toBe(true)
    await store.reinforce(ns, [next.id, next.id])
    return { old, next, pending }
  }

  describe('data (export, import, erase)', () => {
    it('exports every row once, live and superseded, in pages, with chunks and optional vectors', async () => {
      const store = dataStoreOf(suite.store)
      const ns = uid('export')
      const { old, next, pending } = await seed(ns)
      const extra = Array.from({ length: 7 }, (_, i) => write(uid(`x${i}`), `extra fact ${i}`, v(i)))
      await store.upsert(ns, extra)
      const paged = await exportAll(store, ns, { pageSize: 3 })
      const all = [old.id, next.id, pending.id, ...extra.map((each) => each.id)]
      expect(sorted(paged.map((row) => row.memory.id))).toEqual(sorted(all))
      expect(new Set(paged.map((row) => row.memory.id)).size).toBe(all.length)
      for (const row of paged) {
        expect(row.memory).toEqual(await store.get(ns, row.memory.id))
        expect(row.embedding).toBeNull()
      }
      const withVectors = await exportAll(store, ns, { vectors: true })
      const nextRow = withVectors.find((row) => row.memory.id === next.id)!
      expect(nextRow.memory.accessCount).toBe(2)
      expect(Array.from(nextRow.embedding!)).toEqual(Array.from(v(1)))
      expect(nextRow.chunks.map((chunk) => [chunk.idx, chunk.text])).toEqual([
        [0, 'lives in'],
        [1, 'in Lyon'],
      ])
      expect(Array.from(nextRow.chunks[1]!.embedding!)).toEqual(Array.from(v(2)))
      expect(withVectors.find((row) => row.memory.id === pending.id)!.embedding).toBeNull()
      const oldRow = withVectors.find((row) => row.memory.id === old.id)!
      expect(oldRow.memory.supersededBy).toBe(next.id)
      expect(oldRow.validToStamped).toBe(true)
      expect(await store.namespaces()).toContain(ns)
    })

    it('imports rows verbatim and idempotently, and keeps what restore needs', async () => {
      const store = dataStoreOf(suite.store)
      const source = uid('source')
      const { old, next, pending } = await seed(source)
      const rows = await exportAll(store, source, { vectors: true })
      const before = await Promise.all(rows.map((row) => store.get(source, row.memory.id)))
      await store.eraseNamespace(source)
      expect(await store.get(source, next.id)).toBeNull()

      const first = await store.importRows(source, rows)
      expect(first.map((outcome) => outcome.status)).toEqual(rows.map(() => 'inserted'))
      const after = await Promise.all(rows.map((row) => store.get(source, row.memory.id)))
      expect(after).toEqual(before)
      const again = await exportAll(store, source, { vectors: true })
      expect(again).toEqual(rows)
      expect(ids(await store.searchVector(source, v(1), { limit: 1 }))).toEqual([next.id])
      expect(ids(await store.searchText(source, 'Lyon', { limit: 5 }))).toEqual([next.id])
      expect(ids(await store.searchChunks(source, v(2), { limit: 1 }))).toEqual([next.id])

      const second = await store.importRows(source, rows)
      expect(second.map((outcome) => outcome.status)).toEqual(rows.map(() => 'unchanged'))
      expect(await exportAll(store, source, { vectors: true })).toEqual(rows)

      const changed = rows.map((row) =>
        row.memory.id === pending.id ? { ...row, memory: { ...row.memory, tags: ['changed'] } } : row,
      )
      const third = await store.importRows(source, changed)
      expect(third.find((outcome) => outcome.id === pending.id)!.status).toBe('updated')
      expect((await store.get(source, pending.id))!.tags).toEqual(['changed'])
      expect(third.filter((outcome) => outcome.status === 'unchanged')).toHaveLength(rows.length - 1)

      // The validity `supersede` stamped came along: restore still clears it.
      expect(await store.restore(source, old.id)).toBe(true)
      expect((await store.get(source, old.id))!.validTo).toBeNull()
    })

    it('imports a row without a vector as pending, without chunks, for repair', async () => {
      const store = dataStoreOf(suite.store)
      const source = uid('novec')
      const { next } = await seed(source)
      const rows = await exportAll(store, source)
      const target = uid('novec-target')
      await store.eraseNamespace(source)
      const outcomes = await store.importRows(target, rows)
      expect(outcomes.every((outcome) => outcome.status === 'inserted')).toBe(true)
      const imported = (await store.get(target, next.id))!
      expect(imported.embedState).toBe('pending')
      expect(imported.namespace).toBe(target)
      expect(imported.content).toBe('lives in Lyon')
      expect((await exportAll(store, target)).find((row) => row.memory.id === next.id)!.chunks).toEqual([])
      const claims = await store.claimPending({ limit: 10, leaseMs: 60_000, namespace: target })
      expect(sorted(claims.map((claim) => claim.id))).toEqual(sorted(rows.map((row) => row.memory.id)))
      await store.releaseClaims(claims)
    })

    it('refuses an id another namespace owns and writes the rest (ids per namespace: imports both)', async () => {
      const store = dataStoreOf(suite.store)
      const owner = uid('owner')
      const { next } = await seed(owner)
      const rows = await exportAll(store, owner)
      const fresh = { ...rows[0]!, memory: { ...rows[0]!.memory, id: uid('fresh') } }
      const thief = uid('thief')
      const outcomes = await store.importRows(thief, [rows.find((row) => row.memory.id === next.id)!, fresh])
      if (suite.idsUniquePerNamespace) {
        expect(outcomes).toEqual([
          { id: next.id, status: 'inserted' },
          { id: fresh.memory.id, status: 'inserted' },
        ])
        expect((await store.get(thief, next.id))!.namespace).toBe(thief)
        expect((await store.get(owner, next.id))!.content).toBe('lives in Lyon')
        return
      }
      expect(outcomes).toEqual([
        { id: next.id, status: 'conflict' },
        { id: fresh.memory.id, status: 'inserted' },
      ])
      expect(await store.get(thief, next.id)).toBeNull()
      expect((await store.get(owner, next.id))!.content).toBe('lives in Lyon')
    })

    it('erases every row of a namespace and nothing of another', async () => {
      const store = dataStoreOf(suite.store)
      const gone = uid('gone')
      const kept = uid('kept')
      const seeded = await seed(gone)
      await seed(kept)
      const keptRows = await exportAll(store, kept, { vectors: true })
      const keptStats = await store.stats(kept)
      const keptSearch = ids(await store.searchText(kept, 'lives', { limit: 10 }))

      const report = await store.eraseNamespace(gone)
      expect(report).toMatchObject({ namespace: gone, memories: 3, chunks: 2 })
      expect(await exportAll(store, gone)).toEqual([])
      expect(await store.get(gone, seeded.next.id)).toBeNull()
      expect(await store.searchVector(gone, v(1), { limit: 5 })).toEqual([])
      expect(await store.searchText(gone, 'Lyon', { limit: 5 })).toEqual([])
      expect(await store.searchChunks(gone, v(2), { limit: 5 })).toEqual([])
      expect(await store.claimPending({ limit: 10, leaseMs: 60_000, namespace: gone })).toEqual([])
      expect((await store.stats(gone)).every((stats) => stats.total === 0)).toBe(true)
      expect(await store.namespaces()).not.toContain(gone)
      expect(await store.eraseNamespace(gone)).toMatchObject({ memories: 0, chunks: 0 })

      expect(await exportAll(store, kept, { vectors: true })).toEqual(keptRows)
      expect(await store.stats(kept)).toEqual(keptStats)
      expect(ids(await store.searchText(kept, 'lives', { limit: 10 }))).toEqual(keptSearch)
      // The ids are free again.
      const reused = await store.upsert(kept, [write(seeded.next.id, 'written after the erase', v(3))])
      expect(reused).toEqual([{ id: seeded.next.id, status: 'inserted' }])
    })

    it('leaves no half-erased write when 8 writers run during an erase', async () => {
      const store = dataStoreOf(suite.store)
      const ns = uid('busy')
      const marker = `erasemarker${Date.now().toString(36)}`
      const written: string[] = []
      let erase: Promise<unknown> | undefined
      await Promise.all(
        Array.from({ length: 8 }, async (_, worker) => {
          for (let step = 0; step < 12; step++) {
            if (worker === 0 && step === 4) erase = store.eraseNamespace(ns)
            const id = uid(`w${worker}`)
            await store.upsert(ns, [
              write(id, `${marker} worker ${worker} step ${step}`, v(worker), {
                chunks: [
                  { idx: 0, text: `${marker} a`, embedding: v(worker) },
                  { idx: 1, text: `${marker} b`, embedding: v(worker + 1) },
                ],
              }),
            ])
            written.push(id)
          }
        }),
      )
      await erase
      const left = await exportAll(store, ns, { vectors: true })
      expect(left.length).toBeLessThan(written.length)
      for (const row of left) {
        expect(written).toContain(row.memory.id)
        expect(row.embedding).not.toBeNull()
        expect(row.chunks.map((chunk) => chunk.idx)).toEqual([0, 1])
      }
      const [stats] = await store.stats(ns)
      expect(stats?.total ?? 0).toBe(left.length)
      expect(stats?.chunks ?? 0).toBe(left.length * 2)
      expect(sorted(ids(await store.searchText(ns, marker, { limit: 200 })))).toEqual(
        sorted(left.map((row) => row.memory.id)),
      )
    })
  })
}
