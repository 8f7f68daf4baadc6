import type { MemoryWrite, ScoredMemory, SearchOptions } from '@agent-memory/core'
import { seededRandom } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CapturingExecutor } from '../../../__fixtures__/CapturingExecutor.js'
import { keywordWrite as write } from '../../../__fixtures__/keywordWrite.js'
import { postgresStoreContext } from '../../../__fixtures__/postgresStoreContext.js'
import { requirePostgres } from '../../../__fixtures__/postgresTestDatabase.js'
import { migrate } from '../../../index.js'
import { PgliteExecutor } from '../../../sql/PgliteExecutor.js'
import { createStoreContext } from '../../context/createStoreContext.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { PgVectorStore } from '../../PgVectorStore.js'
import { queryText } from '../../searchText.js'
import { bm25Idf } from '../keyword-statistics/bm25Idf.js'
import { keywordStatistics } from '../keyword-statistics/keywordStatistics.js'
import { searchScope } from '../scope/searchScope.js'
import { searchKeyword } from './searchKeyword.js'

const dims = 4

/** Zipf-like: a few words in most documents, a long tail in few — the shape pruning is for. */
function zipfWord(random: () => number): string {
  return `w${Math.floor(1 / (random() * 0.98 + 0.02)) - 1}`
}

const sentence = (random: () => number, words: number) =>
  Array.from({ length: words }, () => zipfWord(random)).join(' ')

const ranking = (hits: ScoredMemory[]) => hits.map((hit) => [hit.memory.id, Number(hit.score.toFixed(9))])

function pruningContract(
  name: string,
  open: () => Promise<{ context: StoreContext; close(): Promise<void> }>,
) {
  describe(`pruned keyword search = exact BM25 (${name})`, { timeout: 300_000 }, () => {
    let context: StoreContext
    let close: () => Promise<void>
    let store: PgVectorStore

    beforeAll(async () => {
      ;({ context, close } = await open())
      store = new PgVectorStore(context.executor, { dimensions: dims, namespaceCountTtlMs: 0 })
    }, 180_000)
    afterAll(async () => close?.())

    it('returns the same ranking with and without pruning on random corpora', async () => {
      const random = seededRandom(7)
      for (let round = 0; round < 3; round++) {
        const ns = `pruned-${round}`
        const writes: MemoryWrite[] = Array.from({ length: 150 + 100 * round }, (_, i) =>
          write(`p${round}-${String(i).padStart(4, '0')}`, sentence(random, 2 + Math.floor(random() * 14))),
        )
        await store.upsert(ns, writes)
        await store.supersede(ns, writes[0]!.id!, writes[1]!.id!)
        for (let q = 0; q < 25; q++) {
          const query = sentence(random, 1 + Math.floor(random() * 6))
          const options: SearchOptions = { limit: 1 + Math.floor(random() * 30) }
          const pruned = await searchKeyword(context, ns, query, options)
          const exact = await searchKeyword(context, ns, query, options, { prune: false })
          expect(ranking(pruned)).toEqual(ranking(exact))
        }
      }
    })

    it('scores as BM25 summed per row in SQL does, and reads whole rows only for the winners', async () => {
      const random = seededRandom(11)
      const ns = 'reference'
      await store.upsert(
        ns,
        Array.from({ length: 200 }, (_, i) =>
          write(`r-${String(i).padStart(4, '0')}`, sentence(random, 2 + Math.floor(random() * 14))),
        ),
      )
      for (let q = 0; q < 10; q++) {
        const query = sentence(random, 1 + Math.floor(random() * 6))
        // Every match, so no tie at a cut can tell the two apart.
        const everything = await searchKeyword(context, ns, query, { limit: 1000 })
        expect(everything.length).toBeGreaterThan(0)
        expect(ranking(everything)).toEqual(await referenceRanking(context, ns, query))
      }
      // The candidates come back as ids and matched lexemes; one read fetches the winners' rows.
      const capturing = new CapturingExecutor(context.executor)
      const captured = createStoreContext(capturing, { dimensions: dims, namespaceCountTtlMs: 0 })
      const hits = await searchKeyword(captured, ns, 'w0 w1 w2 w3', { limit: 5 })
      expect(hits).toHaveLength(5)
      const reads = capturing.statements.filter((text) => text.includes('m.content'))
      expect(reads).toHaveLength(1)
      expect(reads[0]).toContain('= ANY(')
      expect(capturing.statements.some((text) => text.includes('unnest(ts_filter'))).toBe(false)
    })
  })
}

/**
 * BM25 as the keyword leg computed it before scoring moved out of SQL: each matching row's score
 * summed in the statement, over the same statistics. Rounded and tie-broken as `ranking`.
 */
async function referenceRanking(context: StoreContext, ns: string, query: string) {
  const analysis = queryText(query)!
  return context.executor.transaction(async (sql) => {
    const statistics = await keywordStatistics(context, sql, ns, analysis, { counted: true })
    const terms = statistics.terms.map((term) => ({
      lexeme: term.lexeme,
      idf: bm25Idf(statistics.rows, term.df),
    }))
    const scope = searchScope(context, ns, { limit: 1000 })
    const values = [...scope.params.values]
    const at = values.length
    values.push(
      terms.map((term) => term.lexeme),
      terms.map((term) => term.idf),
      statistics.avgLength,
    )
    const rows = await sql.query<{ id: string; score: number }>(
      `SELECT m.id, s.score FROM memories m
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(w.idf * x.tf * 2.2 / (x.tf + 1.2 * (1 - 0.75 + 0.75 * length(m.search) / $${at + 3}::float8))), 0) AS score
           FROM unnest(ts_filter(setweight(m.search, 'A', $${at + 1}::text[]), '{a}')) AS u
           CROSS JOIN LATERAL (SELECT u.lexeme, coalesce(array_length(u.positions, 1), 1) AS tf) x
           JOIN unnest($${at + 1}::text[], $${at + 2}::float8[]) AS w(lexeme, idf) ON w.lexeme = x.lexeme
         ) s
         WHERE m.search @@ (SELECT to_tsquery('simple', array_to_string(array(SELECT quote_literal(l) FROM unnest($${at + 1}::text[]) l), ' | ')))
           AND ${scope.conditions.join(' AND ')}`,
      values,
    )
    return rows.rows
      .map((row) => [row.id, Number(Number(row.score).toFixed(9))] as [string, number])
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  })
}

pruningContract('PGlite', async () => {
  const db = await PGlite.create({ extensions: { vector } })
  await migrate(db, { dimensions: dims, annIndex: false })
  const context = createStoreContext(new PgliteExecutor(db, { ownsDb: false }), {
    dimensions: dims,
    namespaceCountTtlMs: 0,
  })
  return { context, close: () => db.close() }
})

if (requirePostgres('pruned keyword search (PostgreSQL)')) {
  pruningContract('PostgreSQL', async () => {
    const { context, close } = await postgresStoreContext('kwprune', {
      dimensions: dims,
      connections: 2,
      statementTimeoutMs: 30_000,
    })
    return { context, close }
  })
}
