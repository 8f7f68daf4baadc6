import { describe, expect, test } from 'vitest'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

/**
 * Assessed importance (a model's judgement) against a caller's importance: on every write path
 * (remember, rememberMany, update, supersede) an explicit `importance` clears `assessedImportance`,
 * so a non-null one only ever refines the default, never overrides what someone asked for.
 */
export function describeImportanceScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, timeout } = suite
  describe('assessed importance', () => {
    test(
      'remember and rememberMany keep a judged importance beside the default, and an explicit one clears it',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-assessed-remember'
        const judged = await memory.remember(ns, {
          content: 'The user is allergic to peanuts',
          assessedImportance: 0.9,
        })
        expect(await memory.get(ns, judged.id)).toMatchObject({ importance: 0.5, assessedImportance: 0.9 })
        const stated = await memory.remember(ns, {
          content: 'The user wants short answers',
          importance: 0.3,
          assessedImportance: 0.8,
        })
        expect(await memory.get(ns, stated.id)).toMatchObject({ importance: 0.3, assessedImportance: null })
        const [a, b] = await memory.rememberMany(ns, [
          { content: 'The user collects stamps', assessedImportance: 0.2 },
          { content: 'The user speaks Welsh', importance: 0.7, assessedImportance: 0.4 },
        ])
        expect(await memory.get(ns, a!.id)).toMatchObject({ importance: 0.5, assessedImportance: 0.2 })
        expect(await memory.get(ns, b!.id)).toMatchObject({ importance: 0.7, assessedImportance: null })
      },
      timeout,
    )

    test(
      'update keeps the judged importance until a patch sets importance, which clears it even beside a judged one',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-assessed-update'
        const { id } = await memory.remember(ns, {
          content: 'The user runs marathons',
          assessedImportance: 0.6,
        })
        expect(await memory.update(ns, id, { tags: ['sport'] })).toMatchObject({ assessedImportance: 0.6 })
        expect(await memory.update(ns, id, { assessedImportance: 0.7 })).toMatchObject({
          importance: 0.5,
          assessedImportance: 0.7,
        })
        expect(await memory.update(ns, id, { importance: 0.9 })).toMatchObject({
          importance: 0.9,
          assessedImportance: null,
        })
        expect(await memory.update(ns, id, { importance: 0.4, assessedImportance: 0.8 })).toMatchObject({
          importance: 0.4,
          assessedImportance: null,
        })
      },
      timeout,
    )

    test(
      'supersede: the replacement keeps its own judged importance, and an explicit importance clears it',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-assessed-supersede'
        const old = await memory.remember(ns, {
          content: 'The user lives in Berlin',
          assessedImportance: 0.6,
        })
        const judged = await memory.supersede(ns, old.id, {
          content: 'The user lives in Lisbon',
          assessedImportance: 0.7,
        })
        expect(await memory.get(ns, judged.id)).toMatchObject({ importance: 0.5, assessedImportance: 0.7 })
        const stated = await memory.supersede(ns, judged.id, {
          content: 'The user lives in Porto',
          importance: 0.8,
          assessedImportance: 0.7,
        })
        expect(await memory.get(ns, stated.id)).toMatchObject({ importance: 0.8, assessedImportance: null })
      },
      timeout,
    )
  })
}
