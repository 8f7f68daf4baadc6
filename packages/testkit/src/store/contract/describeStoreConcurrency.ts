import { describe, expect, it } from 'vitest'
import type { ContractSuite } from './ContractSuite.js'
import { uid } from './uid.js'
import { write } from './write.js'

/** Concurrency: mixed operations from several workers leave every row as its last write. */
export function describeStoreConcurrency(suite: ContractSuite): void {
  const { v } = suite
  describe('concurrency', () => {
    it('stays consistent under concurrent access (8 workers × 25 mixed operations)', async () => {
      const ns = uid('conc')
      const shared = uid('shared')
      await suite.store.upsert(ns, [write(shared, 'shared counter', v(0))])
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
                await suite.store.upsert(ns, [write(id, `worker ${worker} step ${step}`, v(worker + step))])
                expected.set(id, `worker ${worker} step ${step}`)
                break
              case 2:
                await suite.store.reinforce(ns, [shared])
                reinforcements += 1
                await suite.store.upsert(ns, [write(id, `worker ${worker} step ${step}`, null)])
                expected.set(id, `worker ${worker} step ${step}`)
                break
              case 3:
                await suite.store.searchVector(ns, v(worker), { limit: 5 })
                await suite.store.searchText(ns, 'worker', { limit: 5 })
                await suite.store.upsert(ns, [write(id, `worker ${worker} step ${step}`, v(step))])
                expected.set(id, `worker ${worker} step ${step}`)
                break
              default: {
                const gone = `w${worker}-0-${ns}`
                expect(await suite.store.delete(ns, [gone])).toBe(1)
                expected.set(gone, null)
                await suite.store.upsert(ns, [write(gone, `worker ${worker} again ${step}`, v(1))])
                expected.set(gone, `worker ${worker} again ${step}`)
              }
            }
          }
        }),
      )
      for (const [id, content] of expected) {
        const got = await suite.store.get(ns, id)
        expect(got?.content ?? null).toBe(content)
      }
      expect((await suite.store.get(ns, shared))!.accessCount).toBe(reinforcements)
      const live = [...expected.values()].filter((content) => content !== null).length
      expect((await suite.store.stats(ns))[0]!.total).toBe(1 + live)
    })
  })
}
