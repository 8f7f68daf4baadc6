import type { MemoryWrite } from '@agent-memory/core'
import { clusteredVectors, seededRandom } from '@agent-memory/testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CapturingExecutor } from './__fixtures__/CapturingExecutor.js'
import { requirePostgres } from './__fixtures__/postgresTestDatabase.js'
import { type TestExecutor, testExecutors } from './__fixtures__/testExecutors.js'
import { migrateWith } from './migrate/migrate.js'
import { PgVectorStore } from './store/PgVectorStore.js'

const dims = 8
const threshold = 50

function rows(prefix: string, vectors: Float32Array[]): MemoryWrite[] {
  return vectors.map((embedding, i) => ({
    id: `${prefix}-${i}`,
    tier: 'semantic',
    content: `row ${i}`,
    fingerprint: `${prefix}-f${i}`,
    embedding,
  }))
}

function describeFacts(name: string, backendOf: () => Promise<TestExecutor>): void {
  describe(`what a vector search waits for before its statement, on ${name}`, { timeout: 120_000 }, () => {
    let backend: TestExecutor
    let capturing: CapturingExecutor
    let store: PgVectorStore
    const vectors = clusteredVectors(200, dims, seededRandom(3), 4)
    /** The statements `work` sent (writes, searches and reads alike). */
    const sent = async (work: () => Promise<unknown>) => {
      capturing.statements.length = 0
      await work()
      return [...capturing.statements]
    }

    beforeAll(async () => {
      backend = await backendOf()
      await migrateWith(backend.executor, { dimensions: dims })
      capturing = new CapturingExecutor(backend.executor)
      store = await new PgVectorStore(capturing, {
        dimensions: dims,
        model: 'facts',
        exactSearchMaxRows: threshold,
        autoIndex: false,
        recallSampleRate: 0,
      }).open()
      await store.upsert('a', rows('a', vectors.slice(0, 10)))
      await store.upsert('b', rows('b', vectors.slice(10, 20)))
      await store.upsert('big', rows('big', vectors.slice(20, 200)))
    })
    afterAll(async () => {
      await store?.close()
      await backend?.close()
    })

    it("reads the table's index facts once for every namespace: a first search of another one, and a search after a write, are one statement", async () => {
      // The first search of the table reads its index facts, then searches.
      expect(await sent(() => store.searchVector('a', vectors[0]!, { limit: 3 }))).toHaveLength(2)
      // Another namespace, never searched: no count, no catalog; its statement alone.
      const first = await sent(() => store.searchVector('b', vectors[10]!, { limit: 3 }))
      expect(first).toHaveLength(1)
      expect(first[0]).toContain('<=>')
      // A write changes the namespace's size, not the table's indexes: the next search is still
      // one statement, and sees it.
      await store.upsert('b', rows('b-new', [vectors[0]!]))
      const after = await sent(() => store.searchVector('b', vectors[0]!, { limit: 3 }))
      expect(after).toHaveLength(1)
      const [hit] = await store.searchVector('b', vectors[0]!, { limit: 1 })
      expect(hit?.memory.id).toBe('b-new-0')
    })

    it("walks a namespace's new index on the search right after maintenance built it, not once the facts expire", async () => {
      const exact = await sent(() => store.searchVector('big', vectors[25]!, { limit: 5 }))
      expect(exact.some((text) => text.includes('halfvec'))).toBe(false)
      const report = await store.maintainVectorIndexes()
      expect(report.created.map((change) => `${change.table}:${change.namespace}`)).toEqual(['memories:big'])
      const walked = await sent(() => store.searchVector('big', vectors[25]!, { limit: 5 }))
      // The index facts were dropped by the build: read again, then the walk.
      expect(walked).toHaveLength(2)
      expect(walked[1]).toContain('halfvec')
      const hits = await store.searchVector('big', vectors[25]!, { limit: 5 })
      expect(hits).toHaveLength(5)
      expect(hits[0]!.memory.id).toBe('big-5')
      // Small namespaces stay exact, planned on the same facts.
      const small = await sent(() => store.searchVector('a', vectors[0]!, { limit: 3 }))
      expect(small).toHaveLength(1)
      expect(small[0]).not.toContain('halfvec')
    })
  })
}

describeFacts('PGlite', testExecutors.pglite)
if (requirePostgres('search facts on PostgreSQL')) {
  describeFacts('PostgreSQL', () => testExecutors.postgres('facts'))
}
