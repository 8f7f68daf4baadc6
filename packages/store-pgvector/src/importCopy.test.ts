import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  axisVector,
  describeStoreData,
  openContractSuite,
  type StoreContractFactory,
} from '@agent-memory/testkit'
import { describe, expect, it } from 'vitest'
import { createTestDatabase, requirePostgres, testPool } from './__fixtures__/postgresTestDatabase.js'
import { loadPglite } from './embedded/loadPglite.js'
import { createPgVectorStore, migrate, openEmbeddedStore } from './index.js'

/**
 * The data contract again with `bulkThreshold: 1`, so every import batch takes the binary COPY
 * paths (straight into `memories` when no id exists, through the stage otherwise) that batches
 * of the default size take, on PGlite and on PostgreSQL.
 */
const onPglite: StoreContractFactory = async (embedder) => {
  const { PGlite, vector } = await loadPglite()
  const db = new PGlite({ extensions: { vector } })
  const store = await createPgVectorStore({ db, ...embedder, migrate: true, bulkThreshold: 1 })
  return {
    store,
    reopen: () => Promise.reject(new Error('not used by the data contract')),
    cleanup: async () => {
      await store.close()
      await db.close()
    },
  }
}

const onPostgres: StoreContractFactory = async (embedder) => {
  const database = await createTestDatabase('import_copy')
  const pool = testPool(database.url, 8)
  await migrate(pool, { dimensions: embedder.dimensions })
  const store = await createPgVectorStore({ pool, ...embedder, bulkThreshold: 1 })
  return {
    store,
    reopen: () => Promise.reject(new Error('not used by the data contract')),
    cleanup: async () => {
      await store.close()
      await pool.end()
      await database.drop()
    },
  }
}

describe('import through COPY: PGlite', { timeout: 120_000 }, () => {
  describeStoreData(openContractSuite(onPglite, { timeoutMs: 120_000 }))
})

if (requirePostgres('import through COPY: PostgreSQL')) {
  describe('import through COPY: PostgreSQL', { timeout: 120_000 }, () => {
    describeStoreData(openContractSuite(onPostgres, { timeoutMs: 120_000 }))
  })
}

describe('import of a large batch into the embedded store', { timeout: 300_000 }, () => {
  it('keeps the in-process indexes in step with rows written by COPY, new or updated', async () => {
    const dims = 8
    const dataDir = mkdtempSync(join(tmpdir(), 'am-import-big-'))
    const store = await openEmbeddedStore({
      dataDir,
      model: 'import-big',
      dimensions: dims,
      handleSignals: false,
    })
    try {
      // Past the default bulk threshold (500): the batch takes the COPY paths.
      const ns = 'big'
      await store.upsert(
        ns,
        Array.from({ length: 1_040 }, (_, i) => ({
          id: `m${String(i).padStart(4, '0')}`,
          tier: 'semantic' as const,
          content: `${i % 2 === 0 ? 'runner' : 'swimmer'} number ${i}`,
          fingerprint: `f${i}`,
          embedding: axisVector(dims, i % dims),
        })),
      )
      const vectorHits = async () =>
        (await store.searchVector(ns, axisVector(dims, 3), { limit: 5 })).map((hit) => hit.memory.id)
      const textHits = async (query: string) =>
        (await store.searchText(ns, query, { limit: 2_000 })).map((hit) => hit.memory.id).sort()
      const before = { vector: await vectorHits(), runner: await textHits('runner') }
      const rows: Awaited<ReturnType<typeof store.exportRows>> = []
      for (let after: string | undefined; ; ) {
        const page = await store.exportRows(ns, { limit: 1_000, vectors: true, ...(after ? { after } : {}) })
        rows.push(...page)
        if (page.length < 1_000) break
        after = page[page.length - 1]!.memory.id
      }
      await store.eraseNamespace(ns)
      expect(await textHits('runner')).toEqual([])

      const inserted = await store.importRows(ns, rows)
      expect(inserted.every((outcome) => outcome.status === 'inserted')).toBe(true)
      expect(await vectorHits()).toEqual(before.vector)
      expect(await textHits('runner')).toEqual(before.runner)

      expect((await store.importRows(ns, rows)).every((outcome) => outcome.status === 'unchanged')).toBe(true)
      const renamed = rows.map((row, i) =>
        i < 600 ? { ...row, memory: { ...row.memory, content: `rower number ${i}` } } : row,
      )
      const outcomes = await store.importRows(ns, renamed)
      expect(outcomes.filter((outcome) => outcome.status === 'updated')).toHaveLength(600)
      expect(await textHits('rower')).toHaveLength(600)
      expect(await textHits('runner')).toEqual(before.runner.filter((id) => Number(id.slice(1)) >= 600))
    } finally {
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
