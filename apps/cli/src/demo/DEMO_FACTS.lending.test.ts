import { createMemory } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { InMemoryStore } from '@agent-memory/testkit'
import { describe, expect, it } from 'vitest'
import { DEMO_FACTS } from './DEMO_FACTS.js'

/**
 * The facts-only check of neighbourhood lending: the demo's facts, remembered a few seconds apart as an
 * agent would, are independent — no hit may owe its place to a loan from another fact. The same facts
 * marked as one stream (turns of a conversation) do lend, so the check is not vacuous.
 */
describe("the demo's facts and neighbourhood lending", () => {
  const queries = ['peanut allergy', 'lentil soup recipe', 'Is Alice vegetarian?', 'which seat on flights?']

  const loansFor = async (stream: string | undefined) => {
    const embedder = createHashingEmbedder()
    const store = new InMemoryStore({ dimensions: embedder.dimensions })
    let clock = Date.parse('2026-03-01T10:00:00Z')
    const memory = createMemory({ store, embedder, options: { now: () => new Date(clock) } })
    for (const { namespace, input } of DEMO_FACTS) {
      clock += 5_000
      await memory.remember(namespace, {
        ...input,
        createdAt: new Date(clock),
        ...(stream === undefined ? {} : { metadata: { stream } }),
      })
    }
    let loans = 0
    for (const query of queries) {
      const { hits } = await memory.recall('alice', query, { limit: 5 })
      loans += hits.filter((hit) => hit.scores.neighbour !== undefined).length
    }
    await memory.close()
    return loans
  }

  it('no fact borrows from an unrelated one; the same memories as one stream do lend', async () => {
    expect(await loansFor(undefined)).toBe(0)
    expect(await loansFor('one conversation')).toBeGreaterThan(0)
  })
})
