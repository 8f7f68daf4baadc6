import type { MemoryWrite } from '@agent-memory/core'
import { seededRandom } from '@agent-memory/testkit'
import { PGlite } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { afterAll, describe, expect, it } from 'vitest'
import { createPgVectorStore, migrate } from '../../index.js'
import { HALFVEC_HNSW_MAX_DIMENSIONS } from './HALFVEC_HNSW_MAX_DIMENSIONS.js'

const dims = HALFVEC_HNSW_MAX_DIMENSIONS + 1

describe('per-namespace indexes above the halfvec HNSW limit', { timeout: 120_000 }, () => {
  let db: PGlite | undefined
  afterAll(async () => {
    await db?.close()
  })

  it('builds none: a large namespace stays exact, and complete', async () => {
    db = await PGlite.create({ extensions: { vector } })
    await migrate(db, { dimensions: dims, annIndex: false })
    const store = await createPgVectorStore({ db, dimensions: dims, exactSearchMaxRows: 5, autoIndex: false })
    try {
      const random = seededRandom(3)
      const vectors = Array.from({ length: 8 }, () =>
        Float32Array.from({ length: dims }, () => random() - 0.5),
      )
      const writes: MemoryWrite[] = vectors.map((embedding, i) => ({
        id: `r${i}`,
        tier: 'semantic',
        content: `row ${i}`,
        fingerprint: `f${i}`,
        embedding,
      }))
      await store.upsert('big', writes)
      expect(await store.maintainVectorIndexes()).toEqual({
        created: [],
        dropped: [],
        kept: 0,
        calibrated: [],
      })
      const hits = await store.searchVector('big', vectors[2]!, { limit: 3 })
      expect(hits).toHaveLength(3)
      expect(hits[0]!.memory.id).toBe('r2')
    } finally {
      await store.close()
    }
  })
})
