import type { MemoryWrite, ScoredMemory } from '@agent-memory/core'
import { seededRandom } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywordWrite as write } from '../../../__fixtures__/keywordWrite.js'
import { postgresStoreContext } from '../../../__fixtures__/postgresStoreContext.js'
import { requirePostgres } from '../../../__fixtures__/postgresTestDatabase.js'
import { migrate } from '../../../index.js'
import { PgliteExecutor } from '../../../sql/PgliteExecutor.js'
import { createStoreContext } from '../../context/createStoreContext.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { PgVectorStore } from '../../PgVectorStore.js'
import { searchKeyword } from '../legs/searchKeyword.js'
import { foldKeywordStatistics } from './foldKeywordStatistics.js'

const dims = 4

/**
 * Zipf-like words, a few real English ones (stemmed, some stop words) and the tokens the parser
 * treats specially: compounds whose document frequency is still counted, hosts, numbers, CJK.
 */
const SPECIAL = [
  'running',
  'runs',
  'the',
  'e-mail',
  'example.com',
  'well-known',
  '3.14',
  '北京',
  'café',
  "don't",
]

function word(random: () => number): string {
  if (random() < 0.15) return SPECIAL[Math.floor(random() * SPECIAL.length)]!
  return `w${Math.floor(1 / (random() * 0.97 + 0.03)) - 1}`
}

const sentence = (random: () => number, words: number) =>
  Array.from({ length: words }, () => word(random)).join(' ')

const ranking = (hits: ScoredMemory[]) => hits.map((hit) => [hit.memory.id, Number(hit.score.toFixed(9))])

type Rows = Array<Record<string, unknown>>

/** The maintained statistics of every namespace beside the same ones counted from `memories`. */
async function statistics(context: StoreContext): Promise<Record<string, Rows>> {
  return context.executor.session(async (sql) => {
    const rows = async (text: string) => (await sql.query(text)).rows
    return {
      countedLexemes: await rows(
        `SELECT m.namespace, l.lexeme, count(*)::int AS documents FROM memories m
           CROSS JOIN LATERAL unnest(tsvector_to_array(m.search)) AS l(lexeme) GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
      keptLexemes: await rows(
        `SELECT namespace, lexeme, sum(documents)::int AS documents FROM agent_memory_keyword_lexemes
           GROUP BY 1, 2 HAVING sum(documents) <> 0 ORDER BY 1, 2`,
      ),
      countedCorpus: await rows(
        `SELECT namespace, count(*)::int AS documents, sum(length(search))::int AS lexemes FROM memories
           GROUP BY 1 ORDER BY 1`,
      ),
      keptCorpus: await rows(
        `SELECT namespace, sum(documents)::int AS documents, sum(lexemes)::int AS lexemes
           FROM agent_memory_keyword_corpus GROUP BY 1 HAVING sum(documents) <> 0 OR sum(lexemes) <> 0 ORDER BY 1`,
      ),
    }
  })
}

async function expectExact(context: StoreContext): Promise<void> {
  const stats = await statistics(context)
  expect(stats.keptLexemes).toEqual(stats.countedLexemes)
  expect(stats.keptCorpus).toEqual(stats.countedCorpus)
}

/** The maintained statistics rank exactly as the counted ones, pruned or not. */
async function expectSameRanking(
  context: StoreContext,
  ns: string,
  random: () => number,
  queries: number,
): Promise<void> {
  for (let q = 0; q < queries; q++) {
    const query = sentence(random, 1 + Math.floor(random() * 5))
    const options = { limit: 1 + Math.floor(random() * 20) }
    const maintained = await searchKeyword(context, ns, query, options)
    const counted = await searchKeyword(context, ns, query, options, { counted: true, prune: false })
    expect(ranking(maintained)).toEqual(ranking(counted))
  }
}

function statisticsContract(
  name: string,
  open: () => Promise<{ context: StoreContext; migrateAgain(): Promise<void>; close(): Promise<void> }>,
) {
  describe(`keyword statistics maintained on write (${name})`, { timeout: 300_000 }, () => {
    let context: StoreContext
    let migrateAgain: () => Promise<void>
    let close: () => Promise<void>
    let store: PgVectorStore
    const run = (text: string) => context.executor.session((sql) => sql.query(text))

    beforeAll(async () => {
      ;({ context, migrateAgain, close } = await open())
      // A low COPY threshold: batches go through binary COPY and the staged COPY upsert too.
      store = new PgVectorStore(context.executor, {
        dimensions: dims,
        namespaceCountTtlMs: 0,
        bulkThreshold: 16,
      })
    }, 180_000)
    afterAll(async () => close?.())

    it('equal the counted ones after random inserts, updates, deletes, supersedes, moves and a truncate', async () => {
      const random = seededRandom(11)
      const namespaces = ['ks-a', 'ks-b', 'ks-c']
      const live = new Map<string, string[]>(namespaces.map((ns) => [ns, []]))
      let next = 0
      for (let round = 0; round < 12; round++) {
        const ns = namespaces[round % namespaces.length]!
        const ids = live.get(ns)!
        // New memories, in a batch size that alternates between multi-row INSERT and COPY.
        const fresh: MemoryWrite[] = Array.from({ length: round % 2 === 0 ? 5 : 40 }, () =>
          write(`ks-${next++}`, sentence(random, 1 + Math.floor(random() * 12))),
        )
        await store.upsert(ns, fresh)
        ids.push(...fresh.map((w) => w.id!))
        // Rewrites of existing ones (ON CONFLICT DO UPDATE: the tsvector changes), some unchanged.
        const rewritten = ids.filter(() => random() < 0.2)
        await store.upsert(
          ns,
          rewritten.map((id) =>
            write(id, random() < 0.3 ? 'w0 w1' : sentence(random, 1 + Math.floor(random() * 8))),
          ),
        )
        // Lifecycle updates that leave the text alone.
        if (ids.length > 2) await store.supersede(ns, ids[0]!, ids[ids.length - 1]!)
        await store.reinforce(ns, ids.slice(0, 3))
        // Forget some.
        const gone = ids.filter(() => random() < 0.1)
        await store.delete(ns, gone)
        live.set(
          ns,
          ids.filter((id) => !gone.includes(id)),
        )
        if (round === 5) await foldKeywordStatistics(context, ns)
        await expectExact(context)
        await expectSameRanking(context, ns, random, 6)
      }
      // A row moved to another namespace by hand (the store never does; SQL may).
      const moved = live.get('ks-a')![0]!
      await run(`UPDATE memories SET namespace = 'ks-b' WHERE namespace = 'ks-a' AND id = '${moved}'`)
      await expectExact(context)
      await run('TRUNCATE memories CASCADE')
      await expectExact(context)
      expect((await statistics(context)).keptLexemes).toEqual([])
      await store.upsert('ks-a', [write('ks-after', 'w1 w2 e-mail')])
      await expectExact(context)
      await expectSameRanking(context, 'ks-a', random, 3)
    })

    it('a fold keeps every sum and leaves one row per lexeme and namespace', async () => {
      const random = seededRandom(5)
      for (let i = 0; i < 6; i++) {
        await store.upsert(
          'ks-fold',
          Array.from({ length: 4 }, (_, j) => write(`kf-${i}-${j}`, sentence(random, 6))),
        )
      }
      await store.delete('ks-fold', ['kf-0-0', 'kf-1-1'])
      const before = await statistics(context)
      expect(await foldKeywordStatistics(context, 'ks-fold')).toBe(true)
      expect(await statistics(context)).toEqual(before)
      const split = await run(
        `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM agent_memory_keyword_lexemes WHERE namespace = 'ks-fold'
             GROUP BY lexeme HAVING count(*) > 1) s) AS lexemes,
           (SELECT count(*)::int FROM agent_memory_keyword_corpus WHERE namespace = 'ks-fold') AS corpus`,
      )
      expect(split.rows[0]).toEqual({ lexemes: 0, corpus: 1 })
      await expectSameRanking(context, 'ks-fold', random, 5)
    })

    it('stay exact under 8 concurrent writers in one namespace, with folds running', async () => {
      const random = seededRandom(23)
      const ns = 'ks-concurrent'
      const texts = Array.from({ length: 8 }, () =>
        Array.from({ length: 12 }, () => Array.from({ length: 3 }, () => sentence(random, 8))),
      )
      await Promise.all([
        ...texts.map(async (batches, worker) => {
          for (const [b, batch] of batches.entries()) {
            await store.upsert(
              ns,
              batch.map((text, i) => write(`kc-${worker}-${b}-${i}`, text)),
            )
            if (b % 4 === 3) await store.delete(ns, [`kc-${worker}-${b - 1}-0`])
            if (b % 3 === 2) await store.upsert(ns, [write(`kc-${worker}-0-0`, `rewrite ${worker} ${b} w0`)])
          }
        }),
        (async () => {
          for (let i = 0; i < 6; i++) await foldKeywordStatistics(context, ns)
        })(),
      ])
      await expectExact(context)
      await expectSameRanking(context, ns, random, 10)
    })

    it('count instead while the triggers are disabled', async () => {
      const random = seededRandom(3)
      await run('ALTER TABLE memories DISABLE TRIGGER memories_keyword_stats_insert')
      try {
        await store.upsert(
          'ks-off',
          Array.from({ length: 30 }, (_, i) => write(`ko-${i}`, sentence(random, 8))),
        )
        await expectSameRanking(context, 'ks-off', random, 8)
      } finally {
        await run('ALTER TABLE memories ENABLE TRIGGER memories_keyword_stats_insert')
      }
    })

    it('the migration backfills the statistics of rows written before it', async () => {
      const random = seededRandom(9)
      await store.upsert(
        'ks-backfill',
        Array.from({ length: 25 }, (_, i) => write(`kb-${i}`, sentence(random, 7))),
      )
      // As before migration 0003: no statistics at all (0003 and every migration after it unapplied).
      await run('TRUNCATE agent_memory_keyword_lexemes, agent_memory_keyword_corpus')
      await run(
        `DELETE FROM agent_memory_migrations WHERE created_at >=
          (SELECT created_at FROM agent_memory_migrations ORDER BY created_at OFFSET 3 LIMIT 1)`,
      )
      await migrateAgain()
      await expectExact(context)
      await expectSameRanking(context, 'ks-backfill', random, 5)
    })

    it('a database upgraded but not yet migrated to 0003 keeps answering, with counted statistics', async () => {
      const random = seededRandom(11)
      await store.upsert(
        'ks-old',
        Array.from({ length: 20 }, (_, i) => write(`kold-${i}`, sentence(random, 6))),
      )
      const expected = await searchKeyword(context, 'ks-old', 'w0 w1 w2', { limit: 10 }, { counted: true })
      await run('ALTER TABLE agent_memory_keyword_corpus RENAME TO agent_memory_keyword_corpus_away')
      try {
        const fresh = createStoreContext(context.executor, { dimensions: dims, namespaceCountTtlMs: 0 })
        const answered = await searchKeyword(fresh, 'ks-old', 'w0 w1 w2', { limit: 10 })
        expect(answered.length).toBeGreaterThan(0)
        expect(ranking(answered)).toEqual(ranking(expected))
        expect(fresh.keywordStatisticsTables).toBe(false)
      } finally {
        await run('ALTER TABLE agent_memory_keyword_corpus_away RENAME TO agent_memory_keyword_corpus')
      }
    })
  })
}

statisticsContract('PGlite', async () => {
  const db = await PGlite.create({ extensions: { vector } })
  await migrate(db, { dimensions: dims, annIndex: false })
  const context = createStoreContext(new PgliteExecutor(db, { ownsDb: false }), {
    dimensions: dims,
    namespaceCountTtlMs: 0,
  })
  return {
    context,
    migrateAgain: () => migrate(db, { dimensions: dims, annIndex: false }),
    close: () => db.close(),
  }
})

if (requirePostgres('keyword statistics maintained on write (PostgreSQL)')) {
  statisticsContract('PostgreSQL', async () => {
    const { context, pool, close } = await postgresStoreContext('kwstats', {
      dimensions: dims,
      connections: 10,
      statementTimeoutMs: 60_000,
    })
    return { context, migrateAgain: () => migrate(pool, { dimensions: dims, annIndex: false }), close }
  })
}
