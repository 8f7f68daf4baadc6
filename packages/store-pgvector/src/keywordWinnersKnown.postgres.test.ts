import { createMemory } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CapturingExecutor } from './__fixtures__/CapturingExecutor.js'
import { commonWordTexts as texts } from './__fixtures__/commonWordTexts.js'
import { legsOneByOne } from './__fixtures__/legsOneByOne.js'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { migrate } from './index.js'
import { PoolExecutor } from './sql/PoolExecutor.js'
import { PgVectorStore } from './store/PgVectorStore.js'

const dims = 64

/** The ids each keyword winners' read (`fetchRanked`: memories by id) asked for. */
const WINNERS_READ = /FROM memories m\s+WHERE m\.id = ANY\(/

if (requirePostgres('keyword winners already read by the vector leg')) {
  describe('a recall on PostgreSQL reads each keyword winner once', {
    timeout: 180_000,
  }, () => {
    const cleanups: Array<() => Promise<void>> = []
    let capture: CapturingExecutor
    let store: PgVectorStore

    beforeAll(async () => {
      const database = await createTestDatabase('kwknown')
      const pool = testPool(database.url, 4)
      cleanups.push(async () => {
        await pool.end()
        await database.drop()
      })
      await migrate(pool, { dimensions: dims })
      capture = new CapturingExecutor(new PoolExecutor(pool, { statementTimeoutMs: 0, ownsPool: false }))
      store = await new PgVectorStore(capture, {
        dimensions: dims,
        autoIndex: false,
        recallSampleRate: 0,
        namespaceCountTtlMs: 600_000,
      }).open()
      cleanups.push(() => store.close())
    })
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup()
    })

    /** The service under test and its twin running the legs one by one, over `count` texts in `namespace`. */
    async function servicesOver(namespace: string, count: number, seed: number) {
      const embedder = createHashingEmbedder({ dimensions: dims })
      const memory = createMemory({ store, embedder })
      const oneByOne = createMemory({ store: legsOneByOne(store), embedder })
      cleanups.push(
        () => memory.close(),
        () => oneByOne.close(),
      )
      await memory.rememberMany(
        namespace,
        texts(count, seed).map((content) => ({ content })),
      )
      return { memory, oneByOne }
    }

    /** How many ids the keyword winners' reads among statements `from`..`to` asked for. */
    const idsAsked = (from: number, to = capture.statements.length) =>
      capture.statements
        .slice(from, to)
        .reduce(
          (sum, text, i) =>
            sum + (WINNERS_READ.test(text) ? (capture.values[from + i]!.at(-1) as string[]).length : 0),
          0,
        )

    type Hits = Awaited<ReturnType<ReturnType<typeof createMemory>['recall']>>['hits']
    /**
     * The same ranking and the same rows (but the reinforcement each recall adds to its hits, and the
     * confidence shown decayed to the moment of each recall).
     */
    const expectSameHits = (pipelined: Hits, alone: Hits) => {
      const ranked = (hits: Hits) => hits.map((hit) => [hit.memory.id, hit.scores.relevance])
      expect(ranked(pipelined)).toEqual(ranked(alone))
      const rows = (hits: Hits) =>
        hits.map(({ memory: { accessCount, lastAccessedAt, confidence, ...rest } }) => rest)
      expect(rows(pipelined)).toEqual(rows(alone))
    }

    const touchesKeywordLog = (from: number, to = capture.statements.length) =>
      capture.statements.slice(from, to).some((text) => text.includes('agent_memory_keyword_log'))

    it('the winners the exact vector statement returned are not read again; the hits are the same as the legs one by one', async () => {
      const { memory, oneByOne } = await servicesOver('user', 600, 3)
      const queries = texts(8, 77).map((text) => text.split(' ').slice(0, 4).join(' '))
      // The first recalls count the namespace and load it into the process's keyword index.
      for (const query of queries.slice(0, 2)) await memory.recall('user', query, { limit: 5 })
      await memory.flush()
      await new Promise((resolve) => setTimeout(resolve, 300))
      let pipelinedIds = 0
      let aloneIds = 0
      for (const query of queries.slice(2)) {
        const from = capture.statements.length
        const result = await memory.recall('user', query, { limit: 5 })
        await memory.flush()
        const middle = capture.statements.length
        const alone = await oneByOne.recall('user', query, { limit: 5 })
        await oneByOne.flush()
        // Through the process's keyword index (its catch-up) both ways.
        expect(touchesKeywordLog(from)).toBe(true)
        pipelinedIds += idsAsked(from, middle)
        aloneIds += idsAsked(middle)
        expectSameHits(result.hits, alone.hits)
      }
      // One by one, every keyword winner is read by id; in the pipeline only those the memory-vector
      // statement did not return (on this text the two legs agree on most of them).
      expect(aloneIds).toBeGreaterThan(0)
      expect(pipelinedIds).toBeLessThan(aloneIds / 2)
    })

    it('in a namespace smaller than the vector leg reaches (the SQL keyword leg), no winner is read again', async () => {
      const { memory, oneByOne } = await servicesOver('small', 30, 5)
      const queries = texts(8, 91).map((text) => text.split(' ').slice(0, 4).join(' '))
      // The first recall counts the namespace (its facts are cached from then on).
      await memory.recall('small', queries[0]!, { limit: 5 })
      await memory.flush()
      let aloneIds = 0
      let keywordHits = 0
      for (const query of queries.slice(1)) {
        const from = capture.statements.length
        const result = await memory.recall('small', query, { limit: 5 })
        await memory.flush()
        const middle = capture.statements.length
        // The SQL keyword leg (the namespace is far below what the process holds in its index), and
        // every winner it ranked was among the exact vector statement's rows: none is read by id.
        expect(touchesKeywordLog(from, middle)).toBe(false)
        expect(idsAsked(from, middle)).toBe(0)
        const alone = await oneByOne.recall('small', query, { limit: 5 })
        await oneByOne.flush()
        aloneIds += idsAsked(middle)
        keywordHits += result.hits.filter((hit) => hit.sources.includes('keyword')).length
        expectSameHits(result.hits, alone.hits)
      }
      // The keyword leg found winners, and one by one they are read by id.
      expect(keywordHits).toBeGreaterThan(0)
      expect(aloneIds).toBeGreaterThan(0)
    })
  })
}
