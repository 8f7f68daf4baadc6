import type { MemoryService, MemoryServiceOptions, Store } from '@agent-memory/core'
import type { SwitchableEmbedder } from '../switchableEmbedder.js'

/** What each group of service scenarios runs with (see `openServiceScenarios`). */
export interface ServiceScenarioSuite {
  /**
   * A fresh service over the shared store (seen through `wrapStore` when given), with a switchable
   * embedder and the operations `onError` saw.
   */
  serviceWith(
    serviceOptions?: MemoryServiceOptions,
    wrapStore?: (store: Store) => Store,
  ): {
    memory: MemoryService
    store: Store
    embedder: SwitchableEmbedder['state']
    errors: string[]
  }
  chunkCount(store: Store, namespace: string): Promise<number>
  /** Asserts every hit's score is in [0, 1], is the ranking's own (fused × modifier, capped) and descends. */
  expectUnitScores(hits: Array<{ score: number; scores: { fused: number; modifier: number } }>): void
  /** Per-test timeout. */
  timeout: number
  /** Ids are unique per namespace only (see `ServiceScenarioOptions.idsUniquePerNamespace`). */
  idsUniquePerNamespace: boolean
}
