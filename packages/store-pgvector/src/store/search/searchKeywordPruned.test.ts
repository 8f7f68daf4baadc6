import type { MemoryWrite, ScoredMemory, SearchOptions } from '@agent-memory/core'
import { seededRandom } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keywordWrite as write } from '../../__fixtures__/keywordWrite.js'
import { postgresStoreContext } from '../../__fixtures__/postgresStoreContext.js'
import { requirePostgres } from '../../__fixtures__/postgresTestDatabase.js'
import { migrate } from '../../index.js'
import { PgliteExecutor } from '../../sql/PgliteExecutor.js'
import { createStoreContext } from '../context/createStoreContext.js'
import type { StoreContext } from '../context/StoreContext.js'
import { PgVectorStore } from '../PgVectorStore.js'
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
