import type { MemoryWrite } from '@agent-memory/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusteredVectors, cosine, seededRandom } from './contractVectors.js'
import type { ContractStore, StoreContractFactory, StoreContractHandle } from './StoreContractFactory.js'

export interface StoreCompletenessOptions {
  /** Namespaces of `rowsPerNamespace` rows. Default 1,000. */
  namespaces?: number
  /** Default 100. */
  rowsPerNamespace?: number
  /** Rows of the one large namespace. Default 20,000. */
  largeNamespaceRows?: number
  /** Vector width (small keeps CI fast; the search strategy does not depend on it). Default 32. */
  dimensions?: number
  /**
   * Namespaces larger than this may be answered approximately (an ANN index): they must still
   * return `min(limit, rows)` hits with recall ≥ `minRecall`. Default: every namespace exact.
   */
  exactUpTo?: number
  /** Default 0.9. */
  minRecall?: number
  /** Rows per upsert call when loading (large batches take a store's bulk path). Default 5,000. */
  batchSize?: number
  /** Timeout for loading and for the checks. Default 15 minutes. */
  timeoutMs?: number
  /** Opens the store for this case instead of the suite's factory (e.g. without an ANN index during the load). */
  factory?: StoreContractFactory
  /** Runs once after the load, before any query (e.g. build the ANN index after a bulk load, as pgvector advises). */
  afterLoad?: (handle: StoreContractHandle) => Promise<void>
}

const LIMIT = 10
/** Scores closer than this are ties for the "exact" check (float32 storage vs float64 here). */
const TIE = 1e-4

/**
 * Completeness of per-namespace vector search: many small namespaces and one large one in one
 * store, and every namespace query returns `min(limit, rows)` hits that match the exact answer
 * (computed here by brute force), up to float ties.
 */
export function describeStoreCompleteness(
  factory: StoreContractFactory,
  options: StoreCompletenessOptions,
): void {
  const namespaces = options.namespaces ?? 1000
  const perNamespace = options.rowsPerNamespace ?? 100
  const largeRows = options.largeNamespaceRows ?? 20_000
  const dims = options.dimensions ?? 32
  const exactUpTo = options.exactUpTo ?? Number.POSITIVE_INFINITY
  const minRecall = options.minRecall ?? 0.9
  const batchSize = options.batchSize ?? 5000
  const timeout = options.timeoutMs ?? 900_000

  describe(`completeness: ${namespaces} namespaces × ${perNamespace} + one of ${largeRows} (${dims}-d)`, () => {
    let handle: StoreContractHandle
    let store: ContractStore
    const random = seededRandom(42)
    const vectors = new Map<string, { ids: string[]; vectors: Float32Array[] }>()
    const tag = `${process.pid}-${Date.now().toString(36)}`
    const smallName = (i: number) => `c${i}-${tag}`
    const largeName = `large-${tag}`
    const tinyName = `tiny-${tag}`

    async function load(ns: string, count: number): Promise<void> {
      const data = clusteredVectors(count, dims, random)
      const ids = data.map((_, i) => `${ns}:${i}`)
      vectors.set(ns, { ids, vectors: data })
      for (let start = 0; start < count; start += batchSize) {
        const writes: MemoryWrite[] = []
        for (let i = start; i < Math.min(count, start + batchSize); i++) {
          writes.push({
            id: ids[i]!,
            tier: 'semantic',
            content: `row ${i}`,
            fingerprint: `fp${i}`,
            embedding: data[i]!,
          })
        }
        await store.upsert(ns, writes)
      }
    }

    beforeAll(async () => {
      handle = await (options.factory ?? factory)({ model: 'completeness-model', dimensions: dims })
      store = handle.store
      await load(largeName, largeRows)
      await load(tinyName, 3)
      for (let i = 0; i < namespaces; i++) await load(smallName(i), perNamespace)
      await options.afterLoad?.(handle)
    }, timeout)
    afterAll(async () => {
      await handle?.cleanup()
    }, timeout)

    async function check(ns: string, query: Float32Array): Promise<void> {
      const data = vectors.get(ns)!
      const truth = data.vectors
        .map((vector, i) => ({ id: data.ids[i]!, score: cosine(vector, query) }))
        .sort((a, b) => b.score - a.score)
      const expected = Math.min(LIMIT, truth.length)
      const hits = await store.searchVector(ns, query, { limit: LIMIT })
      expect(hits.length, `hits in ${ns}`).toBe(expected)
      for (const hit of hits) expect(hit.memory.namespace).toBe(ns)
      const kth = truth[expected - 1]!.score
      const trueScore = new Map(truth.map((entry) => [entry.id, entry.score]))
      if (data.ids.length <= exactUpTo) {
        for (const hit of hits) {
          expect(trueScore.get(hit.memory.id)!, `rank of ${hit.memory.id} in ${ns}`).toBeGreaterThanOrEqual(
            kth - TIE,
          )
          expect(hit.score).toBeCloseTo(trueScore.get(hit.memory.id)!, 3)
        }
      } else {
        const top = new Set(truth.slice(0, expected).map((entry) => entry.id))
        const found = hits.filter((hit) => top.has(hit.memory.id)).length
        expect(found / expected, `recall in ${ns}`).toBeGreaterThanOrEqual(minRecall)
      }
    }

    it('every small namespace returns min(limit, rows) hits matching the exact answer', {
      timeout,
    }, async () => {
      for (let i = 0; i < namespaces; i++) {
        const ns = smallName(i)
        await check(ns, vectors.get(ns)!.vectors[i % perNamespace]!)
      }
      await check(tinyName, vectors.get(tinyName)!.vectors[0]!)
    })

    it('the large namespace returns full, correct answers', { timeout }, async () => {
      const probe = seededRandom(7)
      const large = vectors.get(largeName)!
      for (let q = 0; q < 20; q++) {
        const base = large.vectors[Math.floor(probe() * large.vectors.length)]!
        await check(
          largeName,
          Float32Array.from(base, (value) => value + (probe() - 0.5) * 0.05),
        )
      }
    })
  })
}
