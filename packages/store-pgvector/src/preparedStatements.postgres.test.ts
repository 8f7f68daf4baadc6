import { createMemory, type MemoryService, StoreError } from '@agent-memory/core'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commonWordTexts as texts } from './__fixtures__/commonWordTexts.js'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { type CreatePgVectorStoreOptions, createPgVectorStore, migrate } from './index.js'

const dims = 64
/** Past the five plans PostgreSQL makes for their values before it may keep a generic one. */
const RECALLS = 8

if (requirePostgres('prepared recall statements')) {
  describe('a recall on PostgreSQL runs its statements prepared where the namespace is small', {
    timeout: 180_000,
  }, () => {
    const cleanups: Array<() => Promise<void>> = []
    let url: string
    const queries = texts(RECALLS, 97)

    beforeAll(async () => {
      const database = await createTestDatabase('prepared')
      url = database.url
      const pool = testPool(url, 2)
      cleanups.push(async () => {
        await pool.end()
        await database.drop()
      })
      await migrate(pool, { dimensions: dims })
      const store = await createPgVectorStore({ pool, dimensions: dims })
      const memory = createMemory({ store, embedder: createHashingEmbedder({ dimensions: dims }) })
      await memory.rememberMany(
        'small',
        texts(40, 1).map((content) => ({ content })),
      )
      await memory.rememberMany(
        'large',
        texts(60, 2).map((content) => ({ content })),
      )
      await memory.close()
      await store.close()
    })
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup()
    })

    /**
     * A service over a store on a pool of ONE connection (so the statements it prepared are that
     * session's `pg_prepared_statements`), with the store options given.
     */
    async function serviceOn(options: Partial<CreatePgVectorStoreOptions>) {
      const pool = testPool(url, 1)
      const store = await createPgVectorStore({
        pool,
        dimensions: dims,
        recallSampleRate: 0,
        namespaceCountTtlMs: 600_000,
        ...options,
      })
      const memory = createMemory({ store, embedder: createHashingEmbedder({ dimensions: dims }) })
      cleanups.push(async () => {
        await memory.close()
        await store.close()
        await pool.end()
      })
      return { memory, pool }
    }

    const preparedOn = async (pool: pg.Pool) =>
      (
        await pool.query<{ statements: number }>(
          "SELECT count(*)::int AS statements FROM pg_prepared_statements WHERE name LIKE 'agent\\_memory\\_%'",
        )
      ).rows[0]!.statements

    /** Each query's ranked ids and relevances (the rows' reinforcement differs between recalls). */
    const answers = async (memory: MemoryService, namespace: string) => {
      const ranked: Array<Array<[string, number]>> = []
      for (const query of queries) {
        const { hits } = await memory.recall(namespace, query, { limit: 10 })
        ranked.push(hits.map((hit) => [hit.memory.id, hit.scores.relevance]))
      }
      return ranked
    }

    it('prepares them by default in a namespace scanned exactly, and answers as unprepared statements do', async () => {
      const prepared = await serviceOn({})
      const unprepared = await serviceOn({ preparedStatements: false })
      const withNames = await answers(prepared.memory, 'small')
      expect(withNames.flat().length).toBeGreaterThan(0)
      expect(await answers(unprepared.memory, 'small')).toEqual(withNames)
      expect(await preparedOn(prepared.pool)).toBeGreaterThanOrEqual(3)
      expect(await preparedOn(unprepared.pool)).toBe(0)
    })

    it('plans a namespace larger than exactSearchMaxRows for itself on every search', async () => {
      const { memory, pool } = await serviceOn({ exactSearchMaxRows: 50 })
      await answers(memory, 'large')
      expect(await preparedOn(pool)).toBe(0)
      await answers(memory, 'small')
      expect(await preparedOn(pool)).toBeGreaterThanOrEqual(3)
    })

    it('stops preparing at the first statement a pooler loses, and that recall still answers', async () => {
      const heard: unknown[] = []
      const { memory, pool } = await serviceOn({ onConnectionError: (error) => heard.push(error) })
      const before = await answers(memory, 'small')
      expect(await preparedOn(pool)).toBeGreaterThanOrEqual(3)
      // What a transaction-mode pooler does to a client: the next server session holds none of
      // the statements node-postgres believes it parsed.
      await pool.query('DEALLOCATE ALL')
      expect(await answers(memory, 'small')).toEqual(before)
      expect(heard).toHaveLength(1)
      expect(StoreError.isInstance(heard[0])).toBe(true)
      expect((heard[0] as StoreError).kind).toBe('configuration')
      expect(await preparedOn(pool)).toBe(0)
    })
  })
}
