import { createMemory, type MemoryService, type Store } from '@agent-memory/core'
import { afterAll, beforeAll, expect } from 'vitest'
import type { ServiceScenarioFactory } from '../ServiceScenarioFactory.js'
import type { ServiceScenarioHandle } from '../ServiceScenarioHandle.js'
import type { ServiceScenarioOptions } from '../ServiceScenarioOptions.js'
import { switchableEmbedder } from '../switchableEmbedder.js'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

/** Opens one store for the enclosing `describe` (closed after it) and returns what the scenario groups share. */
export function openServiceScenarios(
  factory: ServiceScenarioFactory,
  options: ServiceScenarioOptions,
): ServiceScenarioSuite {
  const identityOf = options.createEmbedder()
  let handle: ServiceScenarioHandle | undefined

  beforeAll(async () => {
    handle = await factory({ model: identityOf.model, dimensions: identityOf.dimensions })
  }, 120_000)

  const services: MemoryService[] = []
  afterAll(async () => {
    // Recall reinforces off the response path: close each service (flushing what it queued)
    // before the store goes away.
    await Promise.all(services.map((memory) => memory.close()))
    await handle?.cleanup()
  }, 120_000)

  return {
    serviceWith(serviceOptions = {}, wrapStore = (store: Store) => store) {
      if (handle === undefined) throw new Error('the store factory failed')
      const { embedder, state } = switchableEmbedder(options.createEmbedder())
      const errors: string[] = []
      const memory = createMemory({
        store: wrapStore(handle.store),
        embedder,
        options: { onError: (_error, context) => errors.push(context.operation), ...serviceOptions },
      })
      services.push(memory)
      return { memory, store: handle.store, embedder: state, errors }
    },
    chunkCount: async (store: Store, namespace: string): Promise<number> =>
      (await store.stats(namespace))[0]?.chunks ?? 0,
    expectUnitScores(hits) {
      for (const [index, hit] of hits.entries()) {
        expect(hit.score).toBeGreaterThanOrEqual(0)
        expect(hit.score).toBeLessThanOrEqual(1)
        // The shown score is the ranking's: fused × modifier, capped, descending with the order.
        expect(hit.score).toBeCloseTo(Math.min(1, hit.scores.fused * hit.scores.modifier), 12)
        if (index > 0) expect(hit.score).toBeLessThanOrEqual(hits[index - 1]!.score)
      }
    },
    timeout: options.timeoutMs ?? 30_000,
    idsUniquePerNamespace: options.idsUniquePerNamespace ?? false,
  }
}
