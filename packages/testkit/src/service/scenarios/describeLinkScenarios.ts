import { InvalidArgumentError, ValidationError } from '@agent-memory/core'
import { describe, expect, test } from 'vitest'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

let run = 0
const namespace = (label: string) => `scenario-links-${label}-${process.pid}-${++run}`

/** Links (spec: `LinkedMemoryIDs`, `IncludeLinked`): 1-hop expansion at recall, stale links resolved. */
export function describeLinkScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, timeout } = suite
  describe('links', () => {
    test(
      'IncludeLinked expands results 1-hop via the links, after the ranked hits, marked with the hit they came from',
      async () => {
        const { memory } = serviceWith()
        const ns = namespace('expand')
        const home = await memory.remember(ns, { content: 'Ada moved to Lyon in March' })
        const commute = await memory.remember(ns, {
          content: 'Ada takes the tram to her office every morning',
        })
        const office = await memory.remember(ns, { content: 'The office has a rooftop garden with beehives' })
        await memory.remember(ns, { content: 'Ada plays the cello on weekends' })
        await memory.link(ns, home.id, commute.id)
        await memory.link(ns, commute.id, office.id)
        // Links are symmetric: each side lists the other.
        expect((await memory.get(ns, home.id))!.linkedMemoryIds).toEqual([commute.id])
        expect((await memory.get(ns, commute.id))!.linkedMemoryIds).toEqual([home.id, office.id])

        const plain = await memory.recall(ns, 'Where did Ada move to, Lyon?', { limit: 1 })
        expect(plain.hits.map((hit) => hit.memory.id)).toEqual([home.id])
        const expanded = await memory.recall(ns, 'Where did Ada move to, Lyon?', {
          limit: 1,
          includeLinked: true,
        })
        expect(expanded.hits.map((hit) => hit.memory.id)).toEqual([home.id, commute.id])
        expect(expanded.hits[0]!.linkedFrom).toBeUndefined()
        // One hop only: the office is linked from the commute, not from the hit.
        expect(expanded.hits[1]).toMatchObject({ linkedFrom: home.id, score: 0, sources: [] })
        // `linkedLimit` bounds the appended memories; 0 appends none.
        const none = await memory.recall(ns, 'Where did Ada move to, Lyon?', {
          limit: 1,
          includeLinked: true,
          linkedLimit: 0,
        })
        expect(none.hits).toHaveLength(1)
        // A linked memory that is already a hit is not repeated.
        const both = await memory.recall(ns, 'Ada moved to Lyon; Ada takes the tram', {
          limit: 2,
          includeLinked: true,
        })
        const ids = both.hits.map((hit) => hit.memory.id)
        expect(new Set(ids).size).toBe(ids.length)
      },
      timeout,
    )

    test(
      'stale links are resolved at recall: a superseded target brings its successor, a forgotten or expired one nothing',
      async () => {
        const { memory } = serviceWith()
        const ns = namespace('stale')
        const hit = await memory.remember(ns, { content: 'Grace keeps her bicycle in the basement' })
        const moved = await memory.remember(ns, { content: 'Grace lives on Rue Royale' })
        const forgotten = await memory.remember(ns, { content: 'Grace borrowed a pump from the neighbour' })
        const expiring = await memory.remember(ns, {
          content: 'Grace has a flat tyre today',
          tier: 'working',
        })
        await memory.link(ns, hit.id, moved.id)
        await memory.link(ns, hit.id, forgotten.id)
        await memory.link(ns, hit.id, expiring.id)
        const successor = await memory.supersede(ns, moved.id, { content: 'Grace lives on Quai Perrache' })
        expect(await memory.forget(ns, forgotten.id)).toBe(true)
        await memory.update(ns, expiring.id, { expiresAt: new Date(Date.now() - 60_000) })
        const result = await memory.recall(ns, 'Where does Grace keep her bicycle, the basement?', {
          limit: 1,
          includeLinked: true,
        })
        expect(result.hits.map((h) => [h.memory.id, h.linkedFrom])).toEqual([
          [hit.id, undefined],
          [successor.id, hit.id],
        ])
      },
      timeout,
    )

    test(
      'link refuses missing, superseded and expired memories, itself, and ids of another namespace; unlink removes both ways',
      async () => {
        const { memory } = serviceWith()
        const ns = namespace('refuse')
        const other = namespace('other')
        const a = await memory.remember(ns, { content: 'Linus likes sailing' })
        const b = await memory.remember(ns, { content: 'Linus owns a dinghy' })
        const old = await memory.remember(ns, { content: 'Linus moors it in Kiel' })
        await memory.supersede(ns, old.id, { content: 'Linus moors it in Flensburg' })
        const elsewhere = await memory.remember(other, { content: 'Linus in another namespace' })
        const expired = await memory.remember(ns, { content: 'Linus is at sea this week', tier: 'working' })
        await memory.update(ns, expired.id, { expiresAt: new Date(Date.now() - 60_000) })
        const refused = async (promise: Promise<unknown>, pattern: RegExp) => {
          const error = await promise.then(
            () => undefined,
            (caught: unknown) => caught,
          )
          expect(InvalidArgumentError.isInstance(error) || ValidationError.isInstance(error)).toBe(true)
          expect((error as Error).message).toMatch(pattern)
        }
        await refused(memory.link(ns, a.id, 'missing-id'), /no memory "missing-id" in this namespace/)
        await refused(memory.link(ns, a.id, elsewhere.id), /no memory .* in this namespace/)
        await refused(memory.link(other, elsewhere.id, a.id), /no memory .* in this namespace/)
        await refused(memory.link(ns, a.id, old.id), /superseded by/)
        await refused(memory.link(ns, a.id, expired.id), /no longer live/)
        await refused(memory.link(ns, a.id, a.id), /itself/)
        expect((await memory.get(ns, a.id))!.linkedMemoryIds).toEqual([])

        await memory.link(ns, a.id, b.id)
        expect(await memory.unlink(ns, b.id, a.id)).toBe(true)
        expect((await memory.get(ns, a.id))!.linkedMemoryIds).toEqual([])
        expect((await memory.get(ns, b.id))!.linkedMemoryIds).toEqual([])
        expect(await memory.unlink(ns, a.id, b.id)).toBe(false)
      },
      timeout,
    )
  })
}
