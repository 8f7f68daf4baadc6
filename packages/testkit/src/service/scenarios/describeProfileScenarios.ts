import { estimateTokens, type Store, ValidationError } from '@agent-memory/core'
import { describe, expect, test } from 'vitest'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

/** The store without its `profileCandidates`, so the service falls back to four `list` look-ups. */
function withoutProfileCandidates(store: Store): Store {
  return new Proxy(store, {
    get(target, key) {
      if (key === 'profileCandidates') return undefined
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/**
 * `profile`: a namespace's live durable facts within a token budget, pinned first, then procedural,
 * then semantic by importance × confidence × reinforcement, near-repeats dropped, the same on
 * every call while nothing changes.
 */
export function describeProfileScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, timeout } = suite
  describe('profile', () => {
    test(
      'procedural preferences first, then semantic facts by score; short-term, superseded and forgotten ones left out',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-profile-order'
        const [low, high, judged, how, episode] = await memory.rememberMany(ns, [
          { content: 'The user once visited Oslo.', importance: 0.2 },
          { content: 'The user is allergic to peanuts.', importance: 0.9 },
          { content: 'The user has two daughters.', assessedImportance: 0.7 },
          { content: 'Answer the user in short bullet points.', tier: 'procedural', importance: 0.3 },
          { content: 'The user had pasta for lunch today.', tier: 'episodic', importance: 1 },
        ])
        const old = await memory.remember(ns, { content: 'The user lives in Berlin.', importance: 1 })
        const current = await memory.supersede(ns, old.id, {
          content: 'The user lives in Lisbon.',
          importance: 0.8,
        })
        const gone = await memory.remember(ns, { content: 'The user plays the oboe.', importance: 1 })
        await memory.forget(ns, gone.id)
        const result = await memory.profile(ns)
        expect(result.memories.map((m) => m.id)).toEqual([how!.id, high!.id, current.id, judged!.id, low!.id])
        expect(result.memories.map((m) => m.id)).not.toContain(episode!.id)
        expect(result.text.split('\n')).toEqual(result.memories.map((m) => `- ${m.content}`))
        expect(result).toMatchObject({ namespace: ns, maxTokens: 400 })
        expect(result.tokens).toBe(
          result.text.split('\n').reduce((sum, line) => sum + estimateTokens(line) + 1, 0),
        )
        // Reading a profile writes nothing: the same memories, text and size again (only the
        // shown confidence has moved on with the clock).
        const again = await memory.profile(ns)
        expect(again.memories.map((m) => m.id)).toEqual(result.memories.map((m) => m.id))
        expect([again.text, again.tokens]).toEqual([result.text, result.tokens])
        expect(again.memories.map((m) => m.accessCount)).toEqual(result.memories.map((m) => m.accessCount))
        expect(await memory.profile('scenario-profile-empty')).toEqual({
          namespace: 'scenario-profile-empty',
          memories: [],
          text: '',
          tokens: 0,
          maxTokens: 400,
        })
      },
      timeout,
    )

    test(
      'stays within maxTokens, keeps pinned memories whatever their score, drops near-repeats',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-profile-budget'
        const facts = Array.from({ length: 40 }, (_, i) => ({
          content: `The user has fact number ${i} about a hobby called ${'x'.repeat(i % 7)}thing${i}.`,
          importance: 0.5 + (i % 10) / 100,
        }))
        await memory.rememberMany(ns, facts)
        const pinned = await memory.remember(ns, {
          content: 'The user is called Ada.',
          importance: 0,
          tier: 'episodic',
          metadata: { pinned: true },
        })
        const small = await memory.profile(ns, { maxTokens: 60 })
        expect(small.tokens).toBeLessThanOrEqual(60)
        expect(small.memories[0]?.id).toBe(pinned.id)
        expect(small.memories.length).toBeGreaterThan(1)
        const large = await memory.profile(ns, { maxTokens: 2000 })
        expect(large.memories).toHaveLength(41)
        // A smaller budget keeps a prefix-compatible choice: every memory it holds is in the larger one.
        const largeIds = large.memories.map((m) => m.id)
        for (const m of small.memories) expect(largeIds).toContain(m.id)
        const tiny = await memory.profile(ns, { maxTokens: 1 })
        expect(tiny.memories.map((m) => m.id)).toEqual([pinned.id])

        const repeat = 'scenario-profile-repeats'
        const [tea] = await memory.rememberMany(repeat, [
          { content: 'Ada likes green tea.', importance: 0.9 },
        ])
        await memory.remember(repeat, { content: 'Ada really likes green tea.', importance: 0.5 })
        await memory.remember(repeat, {
          content: 'Ada likes green tea.',
          tier: 'procedural',
          importance: 0.1,
        })
        const deduped = await memory.profile(repeat)
        expect(deduped.memories).toHaveLength(1)
        // The procedural copy comes first in profile order and stands for the fact.
        expect(deduped.memories[0]!.content).toBe('Ada likes green tea.')
        expect(deduped.memories[0]!.id).not.toBe(tea!.id)
      },
      timeout,
    )

    test(
      'confidence and reinforcement count: a corroborated fact outranks a one-off of equal importance',
      async () => {
        let clock = new Date()
        const { memory } = serviceWith({ now: () => clock })
        const ns = 'scenario-profile-score'
        const once = await memory.remember(ns, { content: 'The user likes jazz.', createdAt: clock })
        const twice = await memory.remember(ns, { content: 'The user likes hiking.', createdAt: clock })
        clock = new Date(clock.getTime() + 60_000)
        await memory.remember(ns, { content: 'The user likes hiking.' })
        const result = await memory.profile(ns)
        expect(result.memories.map((m) => m.id)).toEqual([twice.id, once.id])
        expect(result.memories[0]!.confidence!).toBeGreaterThan(result.memories[1]!.confidence!)
      },
      timeout,
    )

    test(
      "the store's one-read profileCandidates gives the very profile the four list look-ups give",
      async (context) => {
        const clock = new Date()
        const { memory, store } = serviceWith({ now: () => clock })
        if (!store.profileCandidates) return context.skip()
        const { memory: fallback } = serviceWith({ now: () => clock }, withoutProfileCandidates)
        const ns = 'scenario-profile-one-read'
        const day = 86_400_000
        const notes = Array.from(
          { length: 90 },
          (_, i) =>
            `The user keeps note ${i} about the ${['garden', 'boat', 'piano', 'bike'][i % 4]} number ${i * 7}.`,
        )
        const written = await memory.rememberMany(
          ns,
          Array.from({ length: 90 }, (_, i) => ({
            content: notes[i]!,
            tier:
              i % 5 === 0
                ? ('procedural' as const)
                : i % 7 === 0
                  ? ('episodic' as const)
                  : ('semantic' as const),
            ...(i % 3 === 0 ? { assessedImportance: 0.1 + (i % 9) / 10 } : { importance: (i % 10) / 10 }),
            createdAt: new Date(clock.getTime() - (i % 40) * day),
            ...(i % 11 === 0 ? { metadata: { pinned: true } } : {}),
          })),
        )
        await memory.supersede(ns, written[10]!.id, { content: 'The user keeps no boat any more.' })
        await memory.forget(ns, written[20]!.id)
        // Re-observed facts: reinforcement and fresh confidence, which the score counts.
        await memory.remember(ns, { content: notes[33]!, tier: 'semantic' })
        await memory.remember(ns, { content: notes[34]!, tier: 'semantic' })
        for (const maxTokens of [1, 40, 120, 400, 3000]) {
          const one = await memory.profile(ns, { maxTokens })
          const four = await fallback.profile(ns, { maxTokens })
          expect(one).toEqual(four)
          expect(one.memories.length).toBeGreaterThan(0)
        }
      },
      timeout,
    )

    test(
      'refuses a bad namespace or budget with every problem at once',
      async () => {
        const { memory } = serviceWith()
        const error = await memory.profile('', { maxTokens: 0 }).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(ValidationError)
        expect((error as ValidationError).issues.join('\n')).toMatch(/namespace/u)
        expect((error as ValidationError).issues.join('\n')).toMatch(/maxTokens/u)
      },
      timeout,
    )
  })
}
