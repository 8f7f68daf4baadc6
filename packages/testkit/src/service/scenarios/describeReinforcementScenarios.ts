import { describe, expect, test } from 'vitest'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

/** Recall's reinforcement: batched off the response path, every recall counted, flushed on `flush`/`close`, dropped after `close`. */
export function describeReinforcementScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, timeout } = suite
  describe('reinforcement', () => {
    test(
      'recalls queue their reinforcements; flush lands them all, each recall counted once',
      async () => {
        // A delay no test waits out: only flush can land them.
        const { memory, store } = serviceWith({ reinforceDelayMs: 600_000 })
        const ns = 'scenario-reinforce-batch'
        const [target] = await memory.rememberMany(ns, [
          { content: 'The user waters the fig tree every Sunday morning' },
          { content: 'The user repairs vintage bicycles in the garage' },
        ])
        for (let i = 0; i < 3; i++) {
          const { hits } = await memory.recall(ns, 'fig tree watering', { mode: 'keyword', limit: 1 })
          expect(hits[0]?.memory.id).toBe(target!.id)
        }
        expect((await store.get(ns, target!.id))?.accessCount).toBe(0)
        await memory.flush()
        const reinforced = (await store.get(ns, target!.id))!
        expect(reinforced.accessCount).toBe(3)
        await memory.flush() // nothing queued: a no-op
        expect((await store.get(ns, target!.id))?.accessCount).toBe(3)
      },
      timeout,
    )

    test(
      'close flushes what recall queued, then later recalls reinforce nothing',
      async () => {
        const { memory, store, errors } = serviceWith({ reinforceDelayMs: 600_000 })
        const ns = 'scenario-reinforce-close'
        const [target] = await memory.rememberMany(ns, [
          { content: 'The user plays chess on Tuesday evenings' },
        ])
        await memory.recall(ns, 'chess evenings', { mode: 'keyword' })
        await memory.close()
        expect((await store.get(ns, target!.id))?.accessCount).toBe(1)
        const after = await memory.recall(ns, 'chess evenings', { mode: 'keyword' })
        expect(after.hits[0]?.memory.id).toBe(target!.id)
        await memory.flush()
        expect((await store.get(ns, target!.id))?.accessCount).toBe(1)
        expect(errors).not.toContain('recall.reinforce')
      },
      timeout,
    )
  })
}
