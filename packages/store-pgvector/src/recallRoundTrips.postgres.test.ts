import { createMemory, type MemoryService } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commonWordTexts as texts } from './__fixtures__/commonWordTexts.js'
import { legsOneByOne } from './__fixtures__/legsOneByOne.js'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { createPgVectorStore, migrate, type PgVectorStore } from './index.js'

const dims = 64

if (requirePostgres('recall round trips on PostgreSQL')) {
  describe('round trips of one recall on PostgreSQL', { timeout: 180_000 }, () => {
    let store: PgVectorStore
    let pool: ReturnType<typeof testPool>
    let memory: MemoryService
    let oneByOne: MemoryService
    const cleanups: Array<() => Promise<void>> = []
    const queries = texts(12, 99).map((text) => text.split(' ').slice(0, 4).join(' '))

    beforeAll(async () => {
      const database = await createTestDatabase('recalltrips')
      pool = testPool(database.url, 4)
      cleanups.push(async () => {
        await pool.end()
        await database.drop()
      })
      await migrate(pool, { dimensions: dims })
      // No background work between the counts: no recall sampling, index upkeep run by hand.
      store = await createPgVectorStore({
        pool,
        dimensions: dims,
        exactSearchMaxRows: 500,
        autoIndex: false,
        recallSampleRate: 0,
        namespaceCountTtlMs: 600_000,
      })
      cleanups.push(() => store.close())
      const embedder = createHashingEmbedder({ dimensions: dims })
      memory = createMemory({ store, embedder })
      oneByOne = createMemory({ store: legsOneByOne(store), embedder })
      cleanups.push(
        () => memory.close(),
        () => oneByOne.close(),
      )
      await memory.rememberMany(
        'small',
        texts(40, 1).map((content) => ({ content })),
      )
      for (let i = 0; i < 3; i++) {
        await memory.rememberMany(
          'large',
          texts(500, 10 + i).map((content) => ({ content })),
        )
      }
      // The larger namespace walks an HNSW index of its own (above exactSearchMaxRows).
      expect((await store.maintainVectorIndexes()).created.map((change) => change.namespace)).toContain(
        'large',
      )
      await memory.flush()
    })

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup()
    })

    const tripsOfOneRecall = async (namespace: string, query: string) => {
      await quiet(store)
      const before = store.roundTrips()
      const result = await memory.recall(namespace, query, { limit: 5 })
      await memory.flush()
      return { trips: store.roundTrips() - before, result }
    }

    /**
     * Until the store's background upkeep is over (its round trips count on the same executor): a
     * statistics fold the warm-up recall queued would otherwise land inside a measured recall.
     * Quiet once the count has not moved for a few polls; no time is asserted.
     */
    const quiet = async (of: PgVectorStore) => {
      let last = -1
      for (let still = 0; still < 5; ) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        const now = of.roundTrips()
        still = now === last ? still + 1 : 0
        last = now
      }
    }

    for (const namespace of ['small', 'large']) {
      it(`${namespace}, cold (a fresh store): its facts read in the recall's own round trips, at most 3 with the reinforcement and the upkeep it queues`, async () => {
        // Defaults but the sampling (a sampled recall is re-run exactly in the background) and the
        // process's keyword index (a namespace it takes is loaded once, in the background: a round
        // trip of its own, once per process), so the size count for index upkeep runs too; nothing
        // is cached yet.
        const fresh = await createPgVectorStore({
          pool,
          dimensions: dims,
          exactSearchMaxRows: 500,
          recallSampleRate: 0,
          inProcessKeywordIndex: false,
        })
        const service = createMemory({ store: fresh, embedder: createHashingEmbedder({ dimensions: dims }) })
        try {
          const before = fresh.roundTrips()
          const result = await service.recall(namespace, queries[0]!, { limit: 5 })
          await service.flush()
          await quiet(fresh)
          expect(result.hits.length).toBeGreaterThan(0)
          // The legs and the winners, with the index facts and the size count in their first round
          // trip; the reinforcement; whatever upkeep the recall queued (a keyword index load).
          expect(fresh.roundTrips() - before).toBeLessThanOrEqual(3)
          // The facts are cached now: the next recall reads none of them.
          await quiet(fresh)
          const warm = fresh.roundTrips()
          await service.recall(namespace, queries[1]!, { limit: 5 })
          await service.flush()
          await quiet(fresh)
          expect(fresh.roundTrips() - warm).toBeLessThanOrEqual(3)
        } finally {
          await service.close()
          await fresh.close()
        }
      })

      it(`${namespace}: the legs and the winners in at most 3 round trips, the reinforcement in 1, the same hits as the legs one by one`, async () => {
        // The namespace's facts (index, size) are read once, then cached.
        await tripsOfOneRecall(namespace, queries[0]!)
        const counted: number[] = []
        for (const query of queries.slice(1)) {
          const { trips, result } = await tripsOfOneRecall(namespace, query)
          expect(result.hits.length).toBeGreaterThan(0)
          counted.push(trips)
          const alone = await oneByOne.recall(namespace, query, { limit: 5 })
          await oneByOne.flush()
          // The same hits with the same relevance (the modifier moves: each recall reinforces its
          // hits) and the same fused score to 4 places: recent support moves with the clock
          // between the two recalls (by about 1e-7 a second).
          const ranked = (hits: typeof result.hits) =>
            hits.map((hit) => [hit.memory.id, hit.scores.relevance])
          expect(ranked(result.hits)).toEqual(ranked(alone.hits))
          result.hits.forEach((hit, i) => {
            expect(hit.scores.fused).toBeCloseTo(alone.hits[i]!.scores.fused, 4)
          })
        }
        // 2 for the legs and the winners (every keyword match read beside the statistics), 1 for
        // the reinforcement; each count starts once the store's background upkeep is over.
        expect(Math.max(...counted)).toBeLessThanOrEqual(3)
      })

      it(`${namespace}: vector feedback costs two round trips more, the stored vectors and the second vector search`, async () => {
        // Feedback reads vectors the store vouches for: a store opened for the embedder's model.
        const embedder = createHashingEmbedder({ dimensions: dims })
        const vouching = await createPgVectorStore({
          pool,
          dimensions: dims,
          model: embedder.model,
          exactSearchMaxRows: 500,
          autoIndex: false,
          recallSampleRate: 0,
          namespaceCountTtlMs: 600_000,
        })
        const errors: string[] = []
        const onError = (_error: unknown, context: { operation: string }) => errors.push(context.operation)
        const plain = createMemory({ store: vouching, embedder, options: { vectorFeedback: false, onError } })
        const fed = createMemory({
          store: vouching,
          embedder,
          options: { vectorFeedback: { hits: 3, weight: 0.5 }, onError },
        })
        const trips = async (service: MemoryService, query: string) => {
          await quiet(vouching)
          const before = vouching.roundTrips()
          const result = await service.recall(namespace, query, { limit: 5 })
          await service.flush()
          expect(result.hits.length).toBeGreaterThan(0)
          return vouching.roundTrips() - before
        }
        try {
          await trips(plain, queries[0]!)
          await trips(fed, queries[0]!)
          const extra: number[] = []
          for (const query of queries.slice(1, 6))
            extra.push((await trips(fed, query)) - (await trips(plain, query)))
          expect(extra).toEqual(extra.map(() => 2))
          expect(errors).toEqual([])
        } finally {
          await plain.close()
          await fed.close()
          await vouching.close()
        }
      })
    }
  })
}
