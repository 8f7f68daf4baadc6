import { REDACTED } from '@agent-memory/core'
import { describe, expect, test, vi } from 'vitest'
import { LONG_TAIL } from './LONG_TAIL.js'
import { longContent } from './longContent.js'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

const SECRET_KEY = 'sk-abcdefghijklmnopqrstuvwx123456'
const SECRET_PASSWORD = 'hunter2pass'

/** Writing and reading back: the three recall modes, exact-duplicate reinforcement, update, chunking of long content and credential redaction. */
export function describeRememberScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, chunkCount, expectUnitScores, timeout } = suite
  describe('remember', () => {
    test(
      'remember, then recall finds it in hybrid, vector and keyword mode, scores in [0,1]',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-modes'
        const [, target] = await memory.rememberMany(ns, [
          { content: 'The user prefers dark roast coffee brewed in a moka pot' },
          { content: 'The user keeps a sourdough starter named Clint in the fridge' },
          { content: 'The user is training for a half marathon in October' },
        ])
        expect(target?.status).toBe('inserted')
        expect(target?.degraded).toBeUndefined()
        const expected = { hybrid: ['vector', 'keyword'], vector: ['vector'], keyword: ['keyword'] } as const
        for (const mode of ['hybrid', 'vector', 'keyword'] as const) {
          const { hits, degraded } = await memory.recall(ns, 'sourdough starter', { mode })
          expect(degraded).toBeUndefined()
          expect(hits[0]?.memory.id).toBe(target?.id)
          expect(hits[0]?.memory.content).toBe('The user keeps a sourdough starter named Clint in the fridge')
          expect(hits[0]?.sources).toEqual(expected[mode])
          expectUnitScores(hits)
          if (mode !== 'keyword') expect(hits[0]!.scores.relevance).toBeGreaterThanOrEqual(memory.minScore)
        }
        // What recall returned is reinforced in the background.
        await vi.waitFor(async () => {
          expect((await memory.get(ns, target!.id))?.accessCount).toBeGreaterThan(0)
        })
      },
      timeout,
    )

    test(
      'an exact duplicate is reinforced under the same id and keeps its vector and chunks',
      async () => {
        const { memory, store, embedder } = serviceWith()
        const ns = 'scenario-dup'
        const first = await memory.remember(ns, { content: 'The user is allergic to peanuts' })
        const long = await memory.remember(ns, { content: longContent(LONG_TAIL.text) })
        const chunksBefore = await chunkCount(store, ns)
        expect(chunksBefore).toBeGreaterThan(1)
        const calls = embedder.calls

        expect(await memory.remember(ns, { content: '  the USER is allergic   to peanuts ' })).toEqual({
          id: first.id,
          status: 'reinforced',
        })
        expect(await memory.remember(ns, { content: longContent(LONG_TAIL.text) })).toEqual({
          id: long.id,
          status: 'reinforced',
        })
        expect(embedder.calls).toBe(calls)
        expect(await memory.list(ns)).toHaveLength(2)

        const stored = await memory.get(ns, first.id)
        expect(stored).toMatchObject({
          embedState: 'ok',
          accessCount: 1,
          content: 'The user is allergic to peanuts',
        })
        expect(stored?.confidence).toBeGreaterThan(0.4)
        expect((await memory.get(ns, long.id))?.embedState).toBe('ok')
        expect(await chunkCount(store, ns)).toBe(chunksBefore)

        const vector = await memory.recall(ns, 'allergic to peanuts', { mode: 'vector' })
        expect(vector.hits[0]?.memory.id).toBe(first.id)
        expect(vector.hits[0]?.sources).toEqual(['vector'])
        expect(vector.hits[0]!.scores.relevance).toBeGreaterThanOrEqual(memory.minScore)
        const tail = await memory.recall(ns, LONG_TAIL.query, { mode: 'vector' })
        expect(tail.hits[0]?.memory.id).toBe(long.id)
        expect(tail.hits[0]?.matchedChunk?.text).toContain('Marguerite')

        // Another tier is not a duplicate.
        const episodic = await memory.remember(ns, {
          tier: 'episodic',
          content: 'The user is allergic to peanuts',
        })
        expect(episodic.status).toBe('inserted')
        expect(episodic.id).not.toBe(first.id)
      },
      timeout,
    )

    test(
      'update keeps the vector when the content is unchanged and re-embeds when it changed',
      async () => {
        const { memory, store, embedder } = serviceWith()
        const ns = 'scenario-update'
        const { id } = await memory.remember(ns, {
          content: 'The user runs 5 km every Sunday morning',
          importance: 0.2,
        })
        const long = await memory.remember(ns, { content: longContent(LONG_TAIL.text) })
        const chunks = await chunkCount(store, ns)
        const calls = embedder.calls

        const retagged = await memory.update(ns, id, { tags: ['sport'], importance: 0.9 })
        expect(retagged).toMatchObject({
          tags: ['sport'],
          importance: 0.9,
          embedState: 'ok',
          content: 'The user runs 5 km every Sunday morning',
        })
        expect((await memory.update(ns, long.id, { tags: ['garden'] }))?.embedState).toBe('ok')
        expect(embedder.calls).toBe(calls)
        expect(await chunkCount(store, ns)).toBe(chunks)
        const kept = await memory.recall(ns, 'runs 5 km every Sunday morning', { mode: 'vector' })
        expect(kept.hits[0]?.memory.id).toBe(id)
        expect(kept.hits[0]!.scores.relevance).toBeGreaterThanOrEqual(memory.minScore)
        const keptChunk = await memory.recall(ns, LONG_TAIL.query, { mode: 'vector' })
        expect(keptChunk.hits[0]?.memory.id).toBe(long.id)
        expect(keptChunk.hits[0]?.matchedChunk?.text).toContain('Marguerite')

        const callsBeforeRewrite = embedder.calls
        const rewritten = await memory.update(ns, id, {
          content: 'The user swims 2 km every Wednesday evening',
        })
        expect(embedder.calls).toBe(callsBeforeRewrite + 1)
        expect(rewritten).toMatchObject({
          content: 'The user swims 2 km every Wednesday evening',
          embedState: 'ok',
          tags: ['sport'],
        })
        const moved = await memory.recall(ns, 'swims every Wednesday evening', { mode: 'vector' })
        expect(moved.hits[0]?.memory.id).toBe(id)
        expect(moved.hits[0]!.scores.relevance).toBeGreaterThanOrEqual(memory.minScore)
        // The keyword index follows the new content too.
        expect((await memory.recall(ns, 'Sunday', { mode: 'keyword' })).hits).toEqual([])

        // Long content rewritten short: its chunks go.
        await memory.update(ns, long.id, { content: 'The user stopped gardening' })
        expect(await chunkCount(store, ns)).toBe(0)
        expect(await memory.update(ns, 'no-such-id', { content: 'x' })).toBeNull()
      },
      timeout,
    )

    test(
      'long content is chunked and a query matching only its last passage finds it through the chunk leg',
      async () => {
        // The memory's own vector sees only the first 200 characters, so only a chunk covers the tail.
        const { memory, store } = serviceWith({ maxEmbedChars: 200 })
        const ns = 'scenario-chunks'
        const content = longContent(LONG_TAIL.text)
        expect(content.length).toBeGreaterThan(400)
        const long = await memory.remember(ns, { content })
        await memory.rememberMany(ns, [
          { content: 'The user listens to jazz records on Friday nights' },
          { content: 'The user drives an old green Volvo estate' },
        ])
        expect(await chunkCount(store, ns)).toBeGreaterThan(1)
        expect((await memory.get(ns, long.id))?.content).toContain(LONG_TAIL.text)

        for (const mode of ['vector', 'hybrid'] as const) {
          const { hits } = await memory.recall(ns, LONG_TAIL.query, { mode })
          const hit = hits[0]
          expect(hit?.memory.id).toBe(long.id)
          expect(hit?.sources).toContain('chunk')
          expect(hit?.matchedChunk?.text).toContain('Marguerite')
          expect(hit?.matchedChunk?.text).not.toContain('vegetable garden')
          expect(hit!.scores.relevance).toBeGreaterThanOrEqual(memory.minScore)
          expectUnitScores(hits)
        }
        const short = await memory.recall(ns, 'old green Volvo', { mode: 'vector' })
        expect(short.hits[0]?.sources).toEqual(['vector'])
        expect(short.hits[0]?.matchedChunk).toBeUndefined()
      },
      timeout,
    )

    test(
      'a credential is redacted before it is stored, chunked or shown to the embedder',
      async () => {
        const { memory, embedder } = serviceWith()
        const ns = 'scenario-redact'
        const content = longContent(
          `The staging database is postgres://app:${SECRET_PASSWORD}@db.internal/prod and ${LONG_TAIL.text}`,
          `My OpenAI key is ${SECRET_KEY}. `,
        )
        const result = await memory.remember(ns, {
          content,
          summary: `key ${SECRET_KEY}`,
          metadata: { note: `token=${SECRET_KEY}` },
        })
        expect(result.redacted).toBe(true)
        const stored = await memory.get(ns, result.id)
        expect(stored?.content).toContain(REDACTED)
        expect(stored?.content).toContain('Marguerite')
        const everything = JSON.stringify([stored, await memory.list(ns)])
        expect(everything).not.toContain(SECRET_KEY)
        expect(everything).not.toContain(SECRET_PASSWORD)

        // Memory text and chunk texts were embedded, none of them with the secret.
        expect(embedder.seen.length).toBeGreaterThan(1)
        for (const text of embedder.seen) {
          expect(text).not.toContain(SECRET_KEY)
          expect(text).not.toContain(SECRET_PASSWORD)
        }
        const viaChunk = await memory.recall(ns, LONG_TAIL.query, { mode: 'vector' })
        expect(viaChunk.hits[0]?.matchedChunk?.text).toContain('Marguerite')
        expect(JSON.stringify(viaChunk)).not.toContain(SECRET_PASSWORD)
        // Nor is the secret in the keyword index.
        for (const query of [SECRET_PASSWORD, SECRET_KEY]) {
          expect((await memory.recall(ns, query, { mode: 'keyword' })).hits).toEqual([])
        }
        expect((await memory.remember(ns, { content: 'nothing secret here' })).redacted).toBeUndefined()
      },
      timeout,
    )
  })
}
