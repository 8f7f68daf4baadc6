import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MemoryWrite } from '@agent-memory/core'
import { axisVector } from '@agent-memory/testkit'
import { afterEach, describe, expect, it } from 'vitest'
import { openEmbeddedStore } from './index.js'

const dims = 8
// Each staged group (replaced vectors, kept vectors) stays above the default bulk threshold (500),
// so every batch takes the binary COPY paths.
const rows = 1_040
const dirs: string[] = []

function batch(prefix: string, revision: string, keepEvery: number): MemoryWrite[] {
  return Array.from({ length: rows }, (_, i) => {
    const kept = keepEvery > 0 && i % keepEvery === 0
    return {
      id: `${prefix}-${String(i).padStart(4, '0')}`,
      tier: 'semantic',
      content: kept ? `base runner ${i}` : `${revision} runners were running ${i}`,
      summary: null,
      metadata: { i, revision },
      tags: [],
      linkedMemoryIds: [],
      fingerprint: kept ? `base${i}` : `${revision}${i}`,
      embedding: kept ? null : axisVector(dims, i % dims),
      ...(kept ? { keepEmbedding: true } : {}),
    }
  })
}

/**
 * The LoCoMo evaluation opens a fresh embedded store per variant in one process; bulk writes
 * (COPY through '/dev/blob', a staging temp table per upsert) must keep working in each of them.
 */
describe('bulk writes on several PGlite stores in one process', { timeout: 300_000 }, () => {
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('inserts, updates and re-stages large batches in store after store', async () => {
    for (let n = 0; n < 4; n++) {
      const onDisk = n % 2 === 1
      const dataDir = onDisk ? mkdtempSync(join(tmpdir(), 'am-pglite-bulk-')) : undefined
      if (dataDir !== undefined) dirs.push(dataDir)
      const store = await openEmbeddedStore({
        ...(dataDir === undefined ? {} : { dataDir }),
        dimensions: dims,
        model: 'bulk-test',
        handleSignals: false,
      })
      try {
        const prefix = `s${n}`
        const inserted = await store.upsert('bulk', batch(prefix, 'base', 0))
        expect(inserted.every((outcome) => outcome.status === 'inserted')).toBe(true)
        for (let round = 0; round < 2; round++) {
          // Half the rows keep their vector, half replace it: two staged groups in one transaction.
          const updated = await store.upsert('bulk', batch(prefix, `r${round}`, 2))
          expect(updated.every((outcome) => outcome.status === 'updated')).toBe(true)
        }
        expect((await store.get('bulk', `${prefix}-0001`))?.content).toBe('r1 runners were running 1')
        const kept = await store.get('bulk', `${prefix}-0002`)
        expect(kept?.content).toBe('base runner 2')
        expect(kept?.embedState).toBe('ok')
        // Every row replaced: one staged group.
        const replaced = await store.upsert('bulk', batch(prefix, 'r2', 0))
        expect(replaced.every((outcome) => outcome.status === 'updated')).toBe(true)
        expect((await store.get('bulk', `${prefix}-0002`))?.content).toBe('r2 runners were running 2')
        const hits = await store.searchText('bulk', 'running', { limit: 5 })
        expect(hits).toHaveLength(5)
        const [stats] = await store.stats('bulk')
        expect(stats?.total).toBe(rows)
        expect(stats?.pending).toBe(0)
      } finally {
        await store.close()
      }
    }
  })
})
