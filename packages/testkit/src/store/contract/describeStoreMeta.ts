import { DimensionMismatchError } from '@agent-memory/core'
import { describe, expect, it } from 'vitest'
import type { ContractSuite } from './ContractSuite.js'
import { rejectsWith } from './rejectsWith.js'
import { uid } from './uid.js'
import { write } from './write.js'

/** Metadata: the recorded embedder (refused on reopen with another model or width) and `stats`. */
export function describeStoreMeta(suite: ContractSuite): void {
  const { v, dims } = suite
  describe('meta', () => {
    it('refuses a different model or dimension on reopen', async (context) => {
      // Its own storage: reopening may close and replace the store it was given.
      const own = await suite.factory({ model: suite.model, dimensions: dims })
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
          own.reopen({ model: suite.model, dimensions: dims + 1 }),
          DimensionMismatchError.isInstance,
        )
        const same = await own.reopen({ model: suite.model, dimensions: dims })
        expect(same.dimensions).toBe(dims)
        await same.close()
      } finally {
        await own.cleanup()
      }
    })

    it('refuses a different model or dimension on reopen even before anything is stored', async (context) => {
      const own = await suite.factory({ model: suite.model, dimensions: dims })
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
          own.reopen({ model: suite.model, dimensions: dims + 1 }),
          DimensionMismatchError.isInstance,
        )
      } finally {
        await own.cleanup()
      }
    })

    it('counts per namespace and tier, pending, failed, superseded and chunks', async () => {
      const ns = uid('stats')
      await suite.store.upsert(ns, [
        write(uid('s'), 'one', v(0), { tier: 'working', chunks: [{ idx: 0, text: 'c', embedding: v(0) }] }),
        write(uid('s'), 'two', null, { tier: 'semantic' }),
        write(`s-three-${ns}`, 'three', v(1), { tier: 'semantic' }),
        write(`s-four-${ns}`, 'four', v(2), { tier: 'semantic' }),
      ])
      await suite.store.supersede(ns, `s-three-${ns}`, `s-four-${ns}`)
      const [stats] = await suite.store.stats(ns)
      expect(stats).toEqual({
        namespace: ns,
        total: 4,
        byTier: { working: 1, semantic: 3 },
        pending: 1,
        failed: 0,
        superseded: 1,
        chunks: 1,
      })
      const everything = await suite.store.stats()
      expect(everything.find((entry) => entry.namespace === ns)).toEqual(stats)
    })
  })
}
