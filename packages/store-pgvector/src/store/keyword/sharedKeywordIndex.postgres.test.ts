import type { ScoredMemory } from '@agent-memory/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywordWrite as write } from '../../__fixtures__/keywordWrite.js'
import { postgresStoreContext } from '../../__fixtures__/postgresStoreContext.js'
import { requirePostgres, testPool } from '../../__fixtures__/postgresTestDatabase.js'
import { toExecutor } from '../../sql/toExecutor.js'
import { createStoreContext } from '../context/createStoreContext.js'
import type { StoreContext } from '../context/StoreContext.js'
import { PgVectorStore } from '../PgVectorStore.js'
import { searchKeyword } from '../search/legs/searchKeyword.js'
import { searchKeywordLeg } from '../search/legs/searchKeywordLeg.js'
import { searchLegsPipelined } from '../search/legs/searchLegsPipelined.js'
import { SharedKeywordIndex } from './SharedKeywordIndex.js'

const dims = 4
/** A memory written in plain SQL, on whatever connection runs it. */
const insertRow = (id: string, content: string) =>
  `INSERT INTO memories (id, namespace, tier, content, fingerprint, embedding, created_at, updated_at, last_accessed_at, embed_state, search)
     VALUES ('${id}', 'order', 'semantic', '${content}', 'f-${id}', '[1,0,0,0]', now(), now(), now(), 'ok', to_tsvector('simple', '${content}'))`
const ids = (hits: ScoredMemory[]) => hits.map((hit) => hit.memory.id).sort()

if (requirePostgres('shared keyword index (PostgreSQL)')) {
  describe('the shared keyword index follows the change log written by other connections', {
    timeout: 120_000,
  }, () => {
    let searcher: StoreContext
    let shared: SharedKeywordIndex
    let writer: PgVectorStore
    let url: string
    const closes: Array<() => Promise<void>> = []

    beforeAll(async () => {
      const opened = await postgresStoreContext('kwlog', {
        dimensions: dims,
        connections: 3,
        statementTimeoutMs: 30_000,
      })
      closes.push(opened.close)
      url = opened.pool.options.connectionString!
      shared = new SharedKeywordIndex({ minRows: 3 })
      searcher = { ...opened.context, sharedKeywordIndex: shared }
      const other = testPool(url, 2)
      closes.push(() => other.end())
      writer = new PgVectorStore(toExecutor(other, { statementTimeoutMs: 30_000 }), {
        dimensions: dims,
        namespaceCountTtlMs: 0,
        inProcessKeywordIndex: false,
      })
    })
    afterAll(async () => {
      for (const close of closes.reverse()) await close()
    })

    const hold = async (ns: string) => {
      await searchKeywordLeg(searcher, ns, 'alpha', { limit: 5 })
      await Promise.all(searcher.upkeep.keywordLoads.values())
    }

    it('a namespace below the threshold stays with the SQL leg', async () => {
      await writer.upsert('small', [write('s1', 'alpha beta'), write('s2', 'alpha gamma')])
      await hold('small')
      expect(shared.held('small')).toBe(false)
    })

    it('sees a write committed after a later-numbered one (transaction ids are not commit order)', async () => {
      await writer.upsert('order', [
        write('o1', 'alpha one'),
        write('o2', 'alpha two'),
        write('o3', 'alpha three'),
      ])
      await hold('order')
      expect(shared.held('order')).toBe(true)
      const early = testPool(url, 1)
      const late = testPool(url, 1)
      try {
        const first = await early.connect()
        try {
          // The first transaction takes its id, writes, and stays open.
          await first.query('BEGIN')
          await first.query(insertRow('o-early', 'zeta early'))
          // A second transaction, with a larger id, commits first; a search catches up past it.
          await late.query(insertRow('o-late', 'zeta late'))
          expect(ids(await searchKeywordLeg(searcher, 'order', 'zeta', { limit: 5 }))).toEqual(['o-late'])
          await first.query('COMMIT')
        } finally {
          first.release()
        }
        expect(shared.held('order')).toBe(true)
        const held = await searchKeywordLeg(searcher, 'order', 'zeta', { limit: 5 })
        expect(ids(held)).toEqual(['o-early', 'o-late'])
        const sql = await searchKeyword(searcher, 'order', 'zeta', { limit: 5 }, { prune: false })
        expect(held.map((hit) => [hit.memory.id, hit.score])).toEqual(
          sql.map((hit) => [hit.memory.id, hit.score]),
        )
      } finally {
        await early.end()
        await late.end()
      }
    })

    it('the legs of a recall on a held namespace take 2 round trips: the catch-up beside the vector legs, then the winners', async () => {
      // Namespace sizes cached, as a store caches them (the context above counts on every search).
      const cached: StoreContext = {
        ...createStoreContext(searcher.executor, { dimensions: dims, namespaceCountTtlMs: 600_000 }),
        sharedKeywordIndex: shared,
      }
      await writer.upsert('trips', [
        write('r1', 'alpha one'),
        write('r2', 'alpha two'),
        write('r3', 'beta three'),
      ])
      await hold('trips')
      expect(shared.held('trips')).toBe(true)
      await writer.upsert('trips', [write('r4', 'alpha four')])
      const request = {
        vector: Float32Array.from([1, 0, 0, 0]),
        query: 'alpha',
        vectorLimit: 5,
        chunkLimit: 5,
        keywordLimit: 5,
      }
      // Planning facts are read once, then cached.
      await searchLegsPipelined(cached, 'trips', request)
      await writer.upsert('trips', [write('r5', 'alpha five')])
      const before = cached.executor.roundTrips
      const legs = await searchLegsPipelined(cached, 'trips', request)
      expect(cached.executor.roundTrips - before).toBe(2)
      expect(ids(legs.keyword)).toEqual(['r1', 'r2', 'r4', 'r5'])
    })

    it('drops a namespace whose table was truncated, and answers in SQL', async () => {
      await writer.upsert('trunc', [write('t1', 'alpha x'), write('t2', 'alpha y'), write('t3', 'alpha z')])
      await hold('trunc')
      expect(shared.held('trunc')).toBe(true)
      const pool = testPool(url, 1)
      try {
        await pool.query('TRUNCATE memories CASCADE')
      } finally {
        await pool.end()
      }
      expect(await searchKeywordLeg(searcher, 'trunc', 'alpha', { limit: 5 })).toEqual([])
      expect(shared.held('trunc')).toBe(false)
    })

    it('the store trims log entries past the retention', async () => {
      const pool = testPool(url, 1)
      try {
        await pool.query("UPDATE agent_memory_keyword_log SET at = at - interval '1 day'")
        const { trimKeywordChangeLog } = await import('./trimKeywordChangeLog.js')
        await trimKeywordChangeLog(searcher)
        const left = await pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM agent_memory_keyword_log',
        )
        expect(left.rows[0]!.n).toBe(0)
      } finally {
        await pool.end()
      }
    })
  })
}
