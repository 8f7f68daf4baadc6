import { decayedConfidence } from '@agent-memory/core'
import { describe, expect, test } from 'vitest'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

const DAY = 86_400_000
/** One re-observation at the default step: 0.5 added in log-odds. */
const reobserved = (c: number) => 1 / (1 + Math.exp(-(Math.log(c / (1 - c)) + 0.5)))

/**
 * Confidence over time: it decays without reinforcement (computed at read from what the store
 * keeps: the stored value and the last observation), every read path shows the decayed value,
 * re-observation raises it and restarts the decay, and recall ranks with it.
 */
export function describeConfidenceScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, timeout } = suite
  describe('confidence decay', () => {
    test(
      'a fact not re-observed decays, and get, list, history and recall all show the decayed value',
      async () => {
        let clock = new Date()
        const { memory, store } = serviceWith({ now: () => clock })
        const ns = 'scenario-confidence-decay'
        const written = await memory.remember(ns, {
          content: 'The user works as a lighthouse keeper',
          createdAt: clock,
        })
        expect((await memory.get(ns, written.id))?.confidence).toBeCloseTo(0.4, 12)
        clock = new Date(clock.getTime() + 180 * DAY)
        const stored = (await store.get(ns, written.id))!
        // The store keeps the value at the last observation; nothing was written as time passed.
        expect(stored.confidence).toBeCloseTo(0.4, 12)
        expect(stored.observedAt).toBeNull()
        const expected = decayedConfidence(stored, clock, {
          halfLifeMs: { working: DAY, episodic: 14 * DAY, semantic: 180 * DAY, procedural: 365 * DAY },
          floor: 0.1,
        })!
        expect(expected).toBeCloseTo(0.25, 6)
        expect((await memory.get(ns, written.id))?.confidence).toBeCloseTo(expected, 9)
        expect((await memory.list(ns))[0]?.confidence).toBeCloseTo(expected, 9)
        expect((await memory.history(ns, written.id))[0]?.confidence).toBeCloseTo(expected, 9)
        const { hits } = await memory.recall(ns, 'lighthouse keeper', { mode: 'keyword' })
        expect(hits[0]?.memory.confidence).toBeCloseTo(expected, 9)
        // Untracked (short-term) memories stay untracked: fully trusted.
        const episode = await memory.remember(ns, { content: 'The user saw a storm', tier: 'episodic' })
        expect((await memory.get(ns, episode.id))?.confidence).toBeNull()
      },
      timeout,
    )

    test(
      'an imported fact dated three years ago has not been observed since; re-observing it raises it and restarts the decay',
      async () => {
        let clock = new Date()
        const { memory, store } = serviceWith({ now: () => clock })
        const ns = 'scenario-confidence-reobserve'
        const content = 'The user prefers window seats on trains'
        const imported = await memory.remember(ns, {
          content,
          confidence: 0.9,
          createdAt: new Date(clock.getTime() - 3 * 365 * DAY),
        })
        const faded = (await memory.get(ns, imported.id))!.confidence!
        expect(faded).toBeLessThan(0.12)
        const again = await memory.remember(ns, { content })
        expect(again).toMatchObject({ id: imported.id, status: 'reinforced' })
        const stored = (await store.get(ns, imported.id))!
        expect(stored.observedAt?.getTime()).toBe(clock.getTime())
        expect(stored.confidence).toBeCloseTo(reobserved(faded), 9)
        const raised = (await memory.get(ns, imported.id))!.confidence!
        expect(raised).toBeGreaterThan(faded)
        clock = new Date(clock.getTime() + 30 * DAY)
        const later = (await memory.get(ns, imported.id))!.confidence!
        expect(later).toBeLessThan(raised)
        expect(later).toBeGreaterThan(faded)
      },
      timeout,
    )

    test(
      'a confidence set by update counts as observed then; recall ranks with the decayed value',
      async () => {
        let clock = new Date()
        const { memory } = serviceWith({
          now: () => clock,
          ranking: { importanceWeight: 0, recencyWeight: 0 },
        })
        const ns = 'scenario-confidence-rank'
        const old = await memory.remember(ns, {
          content: 'The user keeps bees on the roof',
          createdAt: new Date(clock.getTime() - 365 * DAY),
        })
        const fresh = await memory.remember(ns, {
          content: 'The user keeps bees in the garden',
          createdAt: clock,
        })
        clock = new Date(clock.getTime() + DAY)
        const updated = await memory.update(ns, fresh.id, { confidence: 0.8 })
        expect(updated?.observedAt?.getTime()).toBe(clock.getTime())
        expect(updated?.confidence).toBeCloseTo(0.8, 12)
        const { hits } = await memory.recall(ns, 'keeps bees', { mode: 'keyword' })
        expect(hits).toHaveLength(2)
        for (const hit of hits) {
          // Confidence is the modifier's only input here: it ranked with exactly the shown value.
          expect(hit.scores.modifier).toBeCloseTo(1 + 0.1 * (2 * hit.memory.confidence! - 1), 6)
        }
        const byId = new Map(hits.map((hit) => [hit.memory.id, hit]))
        expect(byId.get(old.id)!.memory.confidence!).toBeLessThan(0.2)
        expect(byId.get(old.id)!.scores.modifier).toBeLessThan(byId.get(fresh.id)!.scores.modifier)
      },
      timeout,
    )
  })
}
