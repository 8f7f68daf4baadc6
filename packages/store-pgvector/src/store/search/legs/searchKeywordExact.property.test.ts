import type { MemoryWrite, ScoredMemory, SearchOptions } from '@agent-memory/core'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywordWrite as write } from '../../../__fixtures__/keywordWrite.js'
import { postgresStoreContext } from '../../../__fixtures__/postgresStoreContext.js'
import { requirePostgres, testPool } from '../../../__fixtures__/postgresTestDatabase.js'
import { migrate } from '../../../index.js'
import { PgliteExecutor } from '../../../sql/PgliteExecutor.js'
import { toExecutor } from '../../../sql/toExecutor.js'
import { createStoreContext } from '../../context/createStoreContext.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { SharedKeywordIndex } from '../../keyword/SharedKeywordIndex.js'
import { PgVectorStore } from '../../PgVectorStore.js'
import { searchKeyword } from './searchKeyword.js'
import { searchKeywordLeg } from './searchKeywordLeg.js'

const dims = 4

/**
 * Words drawn unevenly, the shape MaxScore prunes on: a few common words in most documents, a
 * long tail of rare ones, and lexemes that need care (a compound the `simple` parser splits, a
 * quote, a word indexed verbatim (Cyrillic), a stemmed pair). Words repeat within a document
 * (tf > 1) and many documents tie.
 */
const word = fc.oneof(
  { arbitrary: fc.constantFrom('alpha', 'beta', 'gamma'), weight: 6 },
  { arbitrary: fc.integer({ min: 0, max: 59 }).map((i) => `rare${i}`), weight: 3 },
  { arbitrary: fc.constantFrom('e-mail', "it's", 'привет', 'running', 'runs'), weight: 1 },
)

const words = (min: number, max: number) =>
  fc.array(word, { minLength: min, maxLength: max }).map((list) => list.join(' '))

/** A corpus per namespace, then changes to it, then the searches asked of it. */
const scenario = fc.record({
  namespaces: fc.array(fc.array(words(1, 12), { minLength: 60, maxLength: 250, size: 'max' }), {
    minLength: 1,
    maxLength: 2,
  }),
  // Row indexes (modulo the corpus) to delete, to rewrite with new text, and to supersede.
  deletes: fc.array(fc.nat(), { maxLength: 6 }),
  updates: fc.array(fc.tuple(fc.nat(), words(1, 10)), { maxLength: 6 }),
  supersede: fc.option(fc.tuple(fc.nat(), fc.nat()), { nil: undefined }),
  queries: fc.array(fc.tuple(words(1, 6), fc.integer({ min: 1, max: 20 })), { minLength: 1, maxLength: 6 }),
})

const ranking = (hits: ScoredMemory[]) => hits.map((hit) => [hit.memory.id, hit.score])

function exactnessContract(
  name: string,
  open: () => Promise<{ context: StoreContext; close(): Promise<void> }>,
) {
  describe(`the pruned keyword leg = exhaustive BM25, on random corpora (${name})`, {
    timeout: 600_000,
  }, () => {
    let context: StoreContext
    let close: () => Promise<void>
    let store: PgVectorStore
    let run = 0

    beforeAll(async () => {
      ;({ context, close } = await open())
      store = new PgVectorStore(context.executor, { dimensions: dims, namespaceCountTtlMs: 0 })
    }, 180_000)
    afterAll(async () => close?.())

    it('ranks the same memories with the same scores as scoring every match without MaxScore (ties, deletes, updates, namespaces)', async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async ({ namespaces, deletes, updates, supersede, queries }) => {
          run++
          const names = namespaces.map((_, i) => `exact-${run}-${i}`)
          for (const [i, texts] of namespaces.entries()) {
            // Ids padded so that ties break in a known order; the same text in many rows ties.
            const writes: MemoryWrite[] = texts.map((text, j) =>
              write(`m${String(j).padStart(3, '0')}`, text),
            )
            if (writes.length > 0) await store.upsert(names[i]!, writes)
          }
          const first = names[0]!
          const rows = namespaces[0]!.length
          if (rows > 0) {
            await store.delete(
              first,
              deletes.map((row) => `m${String(row % rows).padStart(3, '0')}`),
            )
            for (const [row, text] of updates) {
              await store.upsert(first, [write(`m${String(row % rows).padStart(3, '0')}`, text)])
            }
            if (supersede !== undefined) {
              const [from, to] = supersede.map((row) => `m${String(row % rows).padStart(3, '0')}`)
              if (from !== to) await store.supersede(first, from!, to!)
            }
          }
          for (const ns of names) {
            for (const [query, limit] of queries) {
              const options: SearchOptions = { limit }
              const pruned = await searchKeyword(context, ns, query, options)
              const exhaustive = await searchKeyword(context, ns, query, options, { prune: false })
              expect(ranking(pruned)).toEqual(ranking(exhaustive))
            }
          }
        }),
        { numRuns: 25, seed: 49 },
      )
    })
  })
}

exactnessContract('PGlite', async () => {
  const db = await PGlite.create({ extensions: { vector } })
  await migrate(db, { dimensions: dims, annIndex: false })
  const context = createStoreContext(new PgliteExecutor(db, { ownsDb: false }), {
    dimensions: dims,
    namespaceCountTtlMs: 0,
  })
  return { context, close: () => db.close() }
})

if (requirePostgres('pruned keyword leg, random corpora (PostgreSQL)')) {
  sharedIndexContract()
  exactnessContract('PostgreSQL', async () => {
    const { context, close } = await postgresStoreContext('kwexact', {
      dimensions: dims,
      connections: 2,
      statementTimeoutMs: 30_000,
    })
    return { context, close }
  })
}

/**
 * This process's shared keyword index on PostgreSQL (`SharedKeywordIndex`, held here from the
 * first row) against the SQL leg scoring every match: the same memories with the same scores,
 * to the bit, while a second store on other connections (another process) writes, rewrites,
 * supersedes and deletes between the searches, which the index learns only from the change log.
 */
function sharedIndexContract() {
  describe('the shared in-process keyword index = exhaustive BM25 in SQL, another process writing (PostgreSQL)', {
    timeout: 600_000,
  }, () => {
    let searcher: StoreContext
    let writer: PgVectorStore
    let shared: SharedKeywordIndex
    const closes: Array<() => Promise<void>> = []
    let run = 0

    beforeAll(async () => {
      const opened = await postgresStoreContext('kwshared', {
        dimensions: dims,
        connections: 3,
        statementTimeoutMs: 30_000,
      })
      closes.push(opened.close)
      shared = new SharedKeywordIndex({ minRows: 1 })
      searcher = { ...opened.context, sharedKeywordIndex: shared }
      // Its own pool: the writes come from other connections than the searches.
      const other = testPool(opened.pool.options.connectionString!, 2)
      closes.push(() => other.end())
      writer = new PgVectorStore(toExecutor(other, { statementTimeoutMs: 30_000 }), {
        dimensions: dims,
        namespaceCountTtlMs: 0,
        inProcessKeywordIndex: false,
      })
    }, 180_000)
    afterAll(async () => {
      for (const close of closes.reverse()) await close()
    })

    it('ranks as the SQL leg does after every write of the other store (ties, deletes, updates, supersedes)', async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async ({ namespaces, deletes, updates, supersede, queries }) => {
          run++
          const ns = `shared-${run}`
          // Ids are unique across namespaces: each run's carry its namespace.
          const pad = (row: number, rows: number) => `${ns}-m${String(row % rows).padStart(3, '0')}`
          const texts = namespaces[0]!
          await writer.upsert(
            ns,
            texts.map((text, j) => write(pad(j, texts.length), text)),
          )
          // The first search runs in SQL and finds the namespace large enough: it is loaded.
          await searchKeywordLeg(searcher, ns, texts[0]!, { limit: 5 })
          await Promise.all(searcher.upkeep.keywordLoads.values())
          expect(shared.held(ns)).toBe(true)
          const check = async () => {
            for (const [query, limit] of queries) {
              expect(shared.held(ns)).toBe(true)
              const held = await searchKeywordLeg(searcher, ns, query, { limit })
              const exhaustive = await searchKeyword(searcher, ns, query, { limit }, { prune: false })
              expect(ranking(held)).toEqual(ranking(exhaustive))
            }
          }
          await check()
          const rows = texts.length
          for (const row of deletes) {
            await writer.delete(ns, [pad(row, rows)])
            await check()
          }
          for (const [row, text] of updates) {
            await writer.upsert(ns, [write(pad(row, rows), text)])
            await check()
          }
          await writer.upsert(ns, [write(`${ns}-new`, queries[0]![0])])
          await check()
          if (supersede !== undefined) {
            const [from, to] = supersede.map((row) => pad(row, rows))
            if (from !== to) await writer.supersede(ns, from!, to!)
            await check()
          }
        }),
        { numRuns: 15, seed: 49 },
      )
    })
  })
}
