import { describe, expect, it } from 'vitest'
import type { ContractSuite } from './ContractSuite.js'
import { uid } from './uid.js'
import { write } from './write.js'

/** Links: `addLink` / `removeLink` change `linkedMemoryIds` in place, within one namespace. */
export function describeStoreLinks(suite: ContractSuite): void {
  const { v } = suite
  describe('links', () => {
    it('adds a link once, removes it, and changes nothing else', async () => {
      const ns = uid('links')
      const from = write(uid('from'), 'Ada moved to Lyon', v(0), {
        chunks: [{ idx: 0, text: 'a chunk', embedding: v(3) }],
      })
      const to = write(uid('to'), 'Ada commutes by train', v(1))
      const third = write(uid('third'), 'Ada works at the library', v(2))
      await suite.store.upsert(ns, [from, to, third])
      const before = (await suite.store.get(ns, from.id))!
      expect(await suite.store.addLink(ns, from.id, to.id)).toBe(true)
      expect(await suite.store.addLink(ns, from.id, to.id)).toBe(true)
      expect(await suite.store.addLink(ns, from.id, third.id)).toBe(true)
      const linked = (await suite.store.get(ns, from.id))!
      expect(linked.linkedMemoryIds).toEqual([to.id, third.id])
      expect(linked.embedState).toBe('ok')
      expect(linked.content).toBe(before.content)
      expect(linked.fingerprint).toBe(before.fingerprint)
      // The link is one-way: the target's own list is untouched.
      expect((await suite.store.get(ns, to.id))!.linkedMemoryIds).toEqual([])
      // Vectors and chunks stay searchable: nothing was re-embedded or cleared.
      expect((await suite.store.searchVector(ns, v(0), { limit: 1 }))[0]!.memory.id).toBe(from.id)
      expect((await suite.store.searchChunks(ns, v(3), { limit: 1 }))[0]!.memory.id).toBe(from.id)
      expect((await suite.store.searchText(ns, 'Lyon', { limit: 1 }))[0]!.memory.id).toBe(from.id)
      expect(await suite.store.removeLink(ns, from.id, to.id)).toBe(true)
      expect(await suite.store.removeLink(ns, from.id, to.id)).toBe(false)
      expect((await suite.store.get(ns, from.id))!.linkedMemoryIds).toEqual([third.id])
    })

    it('refuses missing memories, itself, and other namespaces', async () => {
      const ns = uid('links-ns')
      const other = uid('links-other')
      const here = write(uid('here'), 'here', v(0))
      const there = write(uid('there'), 'there', v(1))
      await suite.store.upsert(ns, [here])
      await suite.store.upsert(other, [there])
      expect(await suite.store.addLink(ns, here.id, 'missing')).toBe(false)
      expect(await suite.store.addLink(ns, 'missing', here.id)).toBe(false)
      expect(await suite.store.addLink(ns, here.id, here.id)).toBe(false)
      expect(await suite.store.addLink(ns, here.id, there.id)).toBe(false)
      expect(await suite.store.addLink(other, here.id, there.id)).toBe(false)
      expect(await suite.store.removeLink(other, here.id, there.id)).toBe(false)
      expect((await suite.store.get(ns, here.id))!.linkedMemoryIds).toEqual([])
      expect((await suite.store.get(other, there.id))!.linkedMemoryIds).toEqual([])
    })
  })
}
