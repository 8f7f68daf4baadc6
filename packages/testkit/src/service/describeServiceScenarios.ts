import {
  createMemory,
  type Embedder,
  type MemoryService,
  type MemoryServiceOptions,
  REDACTED,
  type Store,
} from '@agent-memory/core'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { EmbedderIdentity } from '../store/StoreContractFactory.js'
import { type SwitchableEmbedder, switchableEmbedder } from './switchableEmbedder.js'

export interface ServiceScenarioHandle {
  store: Store
  /** Closes the store and removes what the factory created. */
  cleanup(): Promise<void>
}

/** Opens one fresh, empty store for `embedder`; the suite shares it, each case in its own namespaces. */
export type ServiceScenarioFactory = (embedder: EmbedderIdentity) => Promise<ServiceScenarioHandle>

export interface ServiceScenarioOptions {
  /**
   * A real, deterministic embedder under which similar wording gives similar vectors (the
   * hashing embedder). The suite wraps it to inject faults and record what it was shown.
   */
  createEmbedder: () => Embedder
  /** Per-test timeout. Default 30 s. */
  timeoutMs?: number
}

const SECRET_KEY = 'sk-abcdefghijklmnopqrstuvwx123456'
const SECRET_PASSWORD = 'hunter2pass'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Several paragraphs (well over 400 characters) whose last passage is about something else. */
function longContent(tail: string, head = ''): string {
  return [
    `${head}The user keeps a vegetable garden behind the house. Tomatoes, courgettes and runner beans grow along the south fence, and the beds are mulched with straw every spring.`,
    'Watering happens early in the morning with a drip line on a timer, because the soil is sandy and dries out quickly once the afternoon sun reaches the beds.',
    'Compost comes from kitchen scraps and autumn leaves, turned every fortnight in three wooden bins that the user built from old pallets.',
    tail,
  ].join('\n\n')
}

const TAIL = 'On Thursdays the user takes violin lessons with a teacher called Marguerite in Montmartre.'
const TAIL_QUERY = 'violin lessons with Marguerite in Montmartre'

/**
 * The memory service (`createMemory`) end to end on a real store: write, dedup, update,
 * chunking, redaction, the degraded paths (embedder down or too slow on write and on read,
 * then `repair`), supersession with `asOf`, namespace isolation with look-alike names, and
 * forgetting. Run it once per backend; the store must also be a `ChunkStore` and a
 * `RepairStore` for the chunk and repair cases to pass.
 */
export function describeServiceScenarios(
  name: string,
  factory: ServiceScenarioFactory,
  options: ServiceScenarioOptions,
): void {
  const timeout = options.timeoutMs ?? 30_000
  const identityOf = options.createEmbedder()

  describe(`Memory service scenarios: ${name}`, () => {
    let handle: ServiceScenarioHandle | undefined

    beforeAll(async () => {
      handle = await factory({ model: identityOf.model, dimensions: identityOf.dimensions })
    }, 120_000)

    afterAll(async () => {
      // Recall reinforces off the response path; let it land before the store goes away.
      await sleep(50)
      await handle?.cleanup()
    }, 120_000)

    const serviceWith = (
      serviceOptions: MemoryServiceOptions = {},
    ): {
      memory: MemoryService
      store: Store
      embedder: SwitchableEmbedder['state']
      errors: string[]
    } => {
      if (handle === undefined) throw new Error('the store factory failed')
      const { embedder, state } = switchableEmbedder(options.createEmbedder())
      const errors: string[] = []
      const memory = createMemory({
        store: handle.store,
        embedder,
        options: { onError: (_error, context) => errors.push(context.operation), ...serviceOptions },
      })
      return { memory, store: handle.store, embedder: state, errors }
    }

    const chunkCount = async (store: Store, namespace: string): Promise<number> =>
      (await store.stats(namespace))[0]?.chunks ?? 0

    const expectUnitScores = (
      hits: Array<{ score: number; scores: { fused: number; modifier: number } }>,
    ) => {
      for (const [index, hit] of hits.entries()) {
        expect(hit.score).toBeGreaterThanOrEqual(0)
        expect(hit.score).toBeLessThanOrEqual(1)
        // The shown score is the ranking's: fused × modifier, capped, descending with the order.
        expect(hit.score).toBeCloseTo(Math.min(1, hit.scores.fused * hit.scores.modifier), 12)
        if (index > 0) expect(hit.score).toBeLessThanOrEqual(hits[index - 1]!.score)
      }
    }

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
        const long = await memory.remember(ns, { content: longContent(TAIL) })
        const chunksBefore = await chunkCount(store, ns)
        expect(chunksBefore).toBeGreaterThan(1)
        const calls = embedder.calls

        expect(await memory.remember(ns, { content: '  the USER is allergic   to peanuts ' })).toEqual({
          id: first.id,
          status: 'reinforced',
        })
        expect(await memory.remember(ns, { content: longContent(TAIL) })).toEqual({
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
        const tail = await memory.recall(ns, TAIL_QUERY, { mode: 'vector' })
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
        const long = await memory.remember(ns, { content: longContent(TAIL) })
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
        const keptChunk = await memory.recall(ns, TAIL_QUERY, { mode: 'vector' })
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
        const content = longContent(TAIL)
        expect(content.length).toBeGreaterThan(400)
        const long = await memory.remember(ns, { content })
        await memory.rememberMany(ns, [
          { content: 'The user listens to jazz records on Friday nights' },
          { content: 'The user drives an old green Volvo estate' },
        ])
        expect(await chunkCount(store, ns)).toBeGreaterThan(1)
        expect((await memory.get(ns, long.id))?.content).toContain(TAIL)

        for (const mode of ['vector', 'hybrid'] as const) {
          const { hits } = await memory.recall(ns, TAIL_QUERY, { mode })
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
          `The staging database is postgres://app:${SECRET_PASSWORD}@db.internal/prod and ${TAIL}`,
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
        const viaChunk = await memory.recall(ns, TAIL_QUERY, { mode: 'vector' })
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

    test(
      'embedder down on write: stored pending, repaired later, then found by vector search',
      async () => {
        const { memory, store, embedder, errors } = serviceWith()
        const ns = 'scenario-pending'
        embedder.mode = 'down'
        const short = await memory.remember(ns, { content: 'The user plays the cello on weekends' })
        const long = await memory.remember(ns, { content: longContent(TAIL) })
        for (const result of [short, long]) {
          expect(result).toMatchObject({ status: 'inserted', degraded: 'pending_embed' })
          expect((await memory.get(ns, result.id))?.embedState).toBe('pending')
        }
        expect(errors).toContain('remember.embed')
        expect(await chunkCount(store, ns)).toBe(0)

        embedder.mode = 'up'
        expect((await memory.recall(ns, 'cello weekends', { mode: 'vector' })).hits).toEqual([])
        // The keyword leg still finds it; with no measured cosine it stays under the threshold.
        const hybrid = await memory.recall(ns, 'cello weekends')
        expect(hybrid.hits.map((hit) => hit.memory.id)).toEqual([short.id])
        expect(hybrid.hits[0]?.sources).toEqual(['keyword'])
        expect(hybrid.hits[0]!.scores.relevance).toBeLessThan(memory.minScore)
        // Let that recall's background reinforcement land: a claim skips rows another
        // transaction holds (SKIP LOCKED, so parallel repair workers never collide).
        await vi.waitFor(async () => {
          expect((await memory.get(ns, short.id))?.accessCount).toBe(1)
        })

        expect(await memory.repair({ namespace: ns })).toEqual({
          claimed: 2,
          repaired: 2,
          discarded: 0,
          failed: 0,
          parked: 0,
        })
        expect((await memory.get(ns, short.id))?.embedState).toBe('ok')
        expect((await memory.get(ns, long.id))?.embedState).toBe('ok')
        const found = await memory.recall(ns, 'cello weekends', { mode: 'vector' })
        expect(found.hits[0]?.memory.id).toBe(short.id)
        expect(found.hits[0]?.sources).toEqual(['vector'])
        expect(found.hits[0]!.scores.relevance).toBeGreaterThanOrEqual(memory.minScore)
        // Repair also wrote the long memory's chunks.
        expect(await chunkCount(store, ns)).toBeGreaterThan(1)
        const tail = await memory.recall(ns, TAIL_QUERY, { mode: 'vector' })
        expect(tail.hits[0]?.memory.id).toBe(long.id)
        expect(tail.hits[0]?.matchedChunk?.text).toContain('Marguerite')
        expect((await memory.repair({ namespace: ns })).claimed).toBe(0)
      },
      timeout,
    )

    test(
      'an embedder slower than the write budget leaves the memory pending',
      async () => {
        const { memory, embedder, errors } = serviceWith({ writeEmbedTimeoutMs: 50 })
        const ns = 'scenario-slow'
        embedder.mode = 'hang'
        const result = await memory.remember(ns, { content: 'The user repairs mechanical watches' })
        expect(result).toMatchObject({ status: 'inserted', degraded: 'pending_embed' })
        expect((await memory.get(ns, result.id))?.embedState).toBe('pending')
        expect(errors).toContain('remember.embed')
        embedder.mode = 'up'
        expect(await memory.repair({ namespace: ns })).toMatchObject({ claimed: 1, repaired: 1 })
        const found = await memory.recall(ns, 'repairs mechanical watches', { mode: 'vector' })
        expect(found.hits[0]?.memory.id).toBe(result.id)
      },
      timeout,
    )

    test(
      'embedder down or hanging on read: keyword-only hits, flagged',
      async () => {
        const { memory, embedder, errors } = serviceWith()
        const ns = 'scenario-read-down'
        const bicycle = await memory.remember(ns, { content: 'The user drives a blue bicycle to work' })
        await memory.remember(ns, { content: 'The user likes green tea' })
        embedder.mode = 'down'
        const result = await memory.recall(ns, 'blue bicycle', { minScore: 0.99 })
        expect(result.degraded).toBe('keyword_only')
        expect(result.hits.map((hit) => hit.memory.id)).toEqual([bicycle.id])
        expect(result.hits[0]?.sources).toEqual(['keyword'])
        expect(result.hits[0]?.score).toBeGreaterThan(0)
        expectUnitScores(result.hits)
        expect(errors).toContain('recall.embed')

        const slow = serviceWith({ queryEmbedTimeoutMs: 50 })
        slow.embedder.mode = 'hang'
        const hung = await slow.memory.recall(ns, 'green tea')
        expect(hung.degraded).toBe('keyword_only')
        expect(hung.hits.map((hit) => hit.memory.content)).toEqual(['The user likes green tea'])
      },
      timeout,
    )

    test(
      'supersession ends the old validity where the replacement begins: asOf finds exactly one on either side (property)',
      async () => {
        const { memory } = serviceWith()
        const DAY = 86_400_000
        const base = Date.parse('2020-01-01T00:00:00Z')
        let run = 0
        await fc.assert(
          fc.asyncProperty(
            fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
            fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
            fc.array(fc.integer({ min: -2000, max: 4000 }), { minLength: 1, maxLength: 4 }),
            async (oldStartDay, gapDays, probeDays) => {
              run += 1
              const ns = `scenario-supersede-property-${run}`
              const oldFrom = oldStartDay === undefined ? undefined : new Date(base + oldStartDay * DAY)
              // The replacement's own validFrom when given (always after the old one's), else "now".
              const newFrom =
                gapDays === undefined ? undefined : new Date(base + ((oldStartDay ?? 0) + gapDays) * DAY)
              const old = await memory.remember(ns, {
                content: 'The user lives in Berlin',
                ...(oldFrom === undefined ? {} : { validFrom: oldFrom }),
              })
              const replacement = await memory.supersede(ns, old.id, {
                content: 'The user lives in Lisbon',
                ...(newFrom === undefined ? {} : { validFrom: newFrom }),
              })
              const [oldRow, newRow] = await memory.history(ns, replacement.id)
              const boundary = newRow!.validFrom!.getTime()
              if (newFrom !== undefined) expect(boundary).toBe(newFrom.getTime())
              // The old fact's window ends exactly where the new one's begins.
              expect(oldRow!.validTo?.getTime()).toBe(boundary)
              const instants = [
                boundary - 1,
                boundary,
                boundary + 1,
                ...probeDays.map((day) => boundary + day * DAY),
              ]
              for (const t of instants) {
                const visible = (await memory.list(ns, { filter: { asOf: new Date(t) } })).map(
                  (m) => m.content,
                )
                const oldValid = (oldFrom === undefined || oldFrom.getTime() <= t) && t < boundary
                const expected =
                  t >= boundary ? ['The user lives in Lisbon'] : oldValid ? ['The user lives in Berlin'] : []
                expect(visible, `asOf ${new Date(t).toISOString()}`).toEqual(expected)
              }
              // Recall answers the same on both sides of the boundary.
              const recallAt = async (t: number) =>
                (
                  await memory.recall(ns, 'where does the user live', { filter: { asOf: new Date(t) } })
                ).hits.map((hit) => hit.memory.content)
              expect(await recallAt(boundary)).toEqual(['The user lives in Lisbon'])
              if (oldFrom === undefined || oldFrom.getTime() < boundary - 1) {
                expect(await recallAt(boundary - 1)).toEqual(['The user lives in Berlin'])
              }
            },
          ),
          { numRuns: 12 },
        )
      },
      timeout * 4,
    )

    test(
      'supersede tombstones the old fact; history shows the chain; asOf answers what was true then',
      async () => {
        const { memory } = serviceWith()
        const ns = 'scenario-supersede'
        const old = await memory.remember(ns, { content: 'The user lives in Lisbon' })
        // Distinct instants on both clocks (the service's and the database's).
        await sleep(20)
        const before = new Date()
        await sleep(20)
        const replacement = await memory.supersede(ns, old.id, { content: 'The user lives in Porto' })
        expect(replacement.status).toBe('inserted')

        const now = await memory.recall(ns, 'where does the user live')
        expect(now.hits.map((hit) => hit.memory.content)).toEqual(['The user lives in Porto'])
        const then = await memory.recall(ns, 'where does the user live', { filter: { asOf: before } })
        expect(then.hits.map((hit) => hit.memory.content)).toEqual(['The user lives in Lisbon'])

        for (const id of [old.id, replacement.id]) {
          const history = await memory.history(ns, id)
          expect(history.map((m) => m.id)).toEqual([old.id, replacement.id])
          expect(history[0]?.supersededBy).toBe(replacement.id)
          expect(history[0]!.validTo!.getTime()).toBeGreaterThan(before.getTime())
          expect(history[1]?.supersededBy).toBeNull()
        }
        // Tombstoned, never deleted.
        expect((await memory.get(ns, old.id))?.content).toBe('The user lives in Lisbon')
        await expect(memory.supersede(ns, 'no-such-id', { content: 'x' })).rejects.toThrow(/no memory/)
      },
      timeout,
    )

    test(
      'namespaces are isolated, look-alikes included, for every operation',
      async () => {
        const { memory } = serviceWith()
        const namespaces = ['u1', 'u10', 'U1', 'a_b', 'aXb', '%', '_']
        const ids = new Map<string, string>()
        for (const ns of namespaces) {
          const { id } = await memory.remember(ns, {
            content: `favourite colour of ${ns} is teal`,
            tags: [ns],
          })
          ids.set(ns, id)
        }
        for (const ns of namespaces) {
          for (const mode of ['hybrid', 'vector', 'keyword'] as const) {
            const { hits } = await memory.recall(ns, 'favourite colour teal', { limit: 100, mode })
            expect(hits.map((hit) => hit.memory.id)).toEqual([ids.get(ns)])
          }
          expect((await memory.list(ns)).map((m) => m.id)).toEqual([ids.get(ns)])
          for (const other of namespaces.filter((candidate) => candidate !== ns)) {
            const otherId = ids.get(other)!
            expect(await memory.get(ns, otherId)).toBeNull()
            expect(await memory.update(ns, otherId, { content: 'hijacked' })).toBeNull()
            expect(await memory.forget(ns, otherId)).toBe(false)
            expect(await memory.history(ns, otherId)).toEqual([])
            await expect(memory.supersede(ns, otherId, { content: 'hijacked' })).rejects.toThrow(/no memory/)
          }
        }
        // An id that lives in another namespace cannot be written through this one.
        await expect(memory.remember('u1', { id: ids.get('u10')!, content: 'hijacked' })).rejects.toThrow(
          /cannot be used/,
        )
        for (const ns of namespaces) {
          const stored = await memory.get(ns, ids.get(ns)!)
          expect(stored).toMatchObject({ namespace: ns, content: `favourite colour of ${ns} is teal` })
          expect((await memory.list(ns)).map((m) => m.content)).toEqual([`favourite colour of ${ns} is teal`])
        }
      },
      timeout,
    )

    test(
      'forget removes the memory and its chunks',
      async () => {
        const { memory, store } = serviceWith()
        const ns = 'scenario-forget'
        const postcards = await memory.remember(ns, { content: 'The user collects vintage postcards' })
        const long = await memory.remember(ns, { content: longContent(TAIL) })
        const kept = await memory.remember(ns, { content: 'The user has a tabby cat called Miso' })
        expect(await memory.forget(ns, postcards.id)).toBe(true)
        expect(await memory.forget(ns, long.id)).toBe(true)
        expect(await memory.get(ns, postcards.id)).toBeNull()
        expect(await memory.history(ns, postcards.id)).toEqual([])
        expect(await chunkCount(store, ns)).toBe(0)
        for (const mode of ['hybrid', 'vector', 'keyword'] as const) {
          const { hits } = await memory.recall(ns, 'vintage postcards', { mode, limit: 100 })
          expect(hits.map((hit) => hit.memory.id)).toEqual(mode === 'keyword' ? [] : [kept.id])
        }
        expect(await memory.forget(ns, postcards.id)).toBe(false)
        expect((await memory.list(ns)).map((m) => m.id)).toEqual([kept.id])
      },
      timeout,
    )

    test(
      'fault matrix: 8 parallel identical remembers leave one memory and 7 reinforcements (5 trials)',
      async () => {
        const { memory } = serviceWith()
        for (let trial = 0; trial < 5; trial++) {
          const ns = `fault-dedup-${trial}`
          const content = `The user parks the blue bicycle in shed number ${trial}`
          const results = await Promise.all(Array.from({ length: 8 }, () => memory.remember(ns, { content })))
          const ids = new Set(results.map((result) => result.id))
          expect(ids.size).toBe(1)
          expect(results.filter((result) => result.status === 'inserted')).toHaveLength(1)
          expect(results.filter((result) => result.status === 'reinforced')).toHaveLength(7)
          const stored = await memory.list(ns)
          expect(stored).toHaveLength(1)
          expect(stored[0]?.accessCount).toBe(7)
        }
      },
      timeout * 4,
    )

    test(
      'fault matrix: 8 parallel unlessDuplicate upserts of one fingerprint write one row',
      async () => {
        const { store } = serviceWith()
        const ns = 'fault-upsert-dedup'
        const vector = new Float32Array(store.dimensions)
        vector[0] = 1
        const outcomes = (
          await Promise.all(
            Array.from({ length: 8 }, (_, i) =>
              store.upsert(ns, [
                {
                  id: `racer-${i}`,
                  tier: 'semantic',
                  content: 'same text',
                  fingerprint: 'fp-same',
                  embedding: vector,
                  unlessDuplicate: true,
                },
              ]),
            ),
          )
        ).flat()
        const inserted = outcomes.filter((outcome) => outcome.status === 'inserted')
        expect(inserted).toHaveLength(1)
        expect(outcomes.filter((outcome) => outcome.status === 'duplicate')).toEqual(
          Array(7).fill({ id: inserted[0]!.id, status: 'duplicate' }),
        )
        expect((await store.list(ns)).map((m) => m.id)).toEqual([inserted[0]!.id])
        // Another tier, or a superseded holder, is no duplicate.
        const [otherTier] = await store.upsert(ns, [
          {
            id: 'other-tier',
            tier: 'episodic',
            content: 'same text',
            fingerprint: 'fp-same',
            embedding: vector,
            unlessDuplicate: true,
          },
        ])
        expect(otherTier?.status).toBe('inserted')
      },
      timeout,
    )

    test(
      'fault matrix: a stored zero vector never reorders vector or hybrid recall in its namespace',
      async () => {
        const { memory, store } = serviceWith()
        const ns = 'fault-zero-vector'
        const written = await memory.rememberMany(ns, [
          { content: 'The user grows basil and thyme on the kitchen windowsill' },
          { content: 'The user drives an old green Volvo estate' },
          { content: 'The user likes basil pesto on fresh pasta' },
          { content: 'The user has a standing desk by the window' },
        ])
        const before = await memory.recall(ns, 'basil on the windowsill', { mode: 'vector', limit: 10 })
        // A memory whose vector is all zeros (a remote embedder answered zeros, before the
        // embedder edge refused them): its cosine distance is NaN.
        const zero = new Float32Array(store.dimensions)
        await store.upsert(ns, [
          {
            id: 'zero-vector',
            tier: 'semantic',
            content: 'The user owns a zero vector',
            fingerprint: 'zero',
            embedding: zero,
          },
        ])
        for (const mode of ['vector', 'hybrid'] as const) {
          const { hits } = await memory.recall(ns, 'basil on the windowsill', { mode, limit: 10 })
          const ranked = hits.filter((hit) => hit.memory.id !== 'zero-vector')
          expect(ranked.map((hit) => hit.memory.id).slice(0, before.hits.length)).toEqual(
            before.hits
              .map((hit) => hit.memory.id)
              .filter((id) => ranked.some((hit) => hit.memory.id === id)),
          )
          expect(ranked[0]?.memory.id).toBe(written[0]!.id)
          for (const hit of hits) expect(Number.isFinite(hit.score)).toBe(true)
          for (let i = 1; i < hits.length; i++)
            expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score)
        }
        expect(await store.searchVector(ns, zero, { limit: 10 })).toEqual(
          (await store.searchVector(ns, zero, { limit: 10 })).filter((hit) => Number.isFinite(hit.score)),
        )
      },
      timeout,
    )
  })
}
