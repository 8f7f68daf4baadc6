import { describe } from 'vitest'
import { describeStoreConcurrency } from './contract/describeStoreConcurrency.js'
import { describeStoreData } from './contract/describeStoreData.js'
import { describeStoreLifecycle } from './contract/describeStoreLifecycle.js'
import { describeStoreLinks } from './contract/describeStoreLinks.js'
import { describeStoreMeta } from './contract/describeStoreMeta.js'
import { describeStoreReads } from './contract/describeStoreReads.js'
import { describeStoreRepair } from './contract/describeStoreRepair.js'
import { describeStoreSearch } from './contract/describeStoreSearch.js'
import { describeStoreSweep } from './contract/describeStoreSweep.js'
import { describeStoreWrites } from './contract/describeStoreWrites.js'
import { openContractSuite } from './contract/openContractSuite.js'
import { describeStoreCompleteness, type StoreCompletenessOptions } from './describeStoreCompleteness.js'
import type { StoreContractFactory } from './StoreContractFactory.js'

export interface StoreContractOptions {
  /** Vector width of the functional cases. Default 8. */
  dimensions?: number
  /** The completeness case (1,000 namespaces × 100 rows plus one of 20,000). Off unless given. */
  completeness?: StoreCompletenessOptions
  /** Per-test timeout. Default 60 s. */
  timeoutMs?: number
  /** The store keeps ids unique per namespace only (see `ContractSuite.idsUniquePerNamespace`). Default false. */
  idsUniquePerNamespace?: boolean
}

/**
 * The `Store` + `ChunkStore` + `RepairStore` contract (packages/core/src/spec/*.ts) as a
 * vitest suite, with no SQL in it: any store that honours the interfaces can pass. Run it
 * once per backend; each `factory` call must return fresh, isolated storage.
 *
 * It composes one `describeStore…` per concern (writes, reads, lifecycle, expiry sweep,
 * links, search, meta, concurrency, repair) over one store; a new adapter can run a single concern the same way:
 * `describe(name, () => describeStoreSearch(openContractSuite(factory)))`.
 */
export function describeStoreContract(
  name: string,
  factory: StoreContractFactory,
  options: StoreContractOptions = {},
): void {
  const timeout = options.timeoutMs ?? 60_000
  describe(`Store contract: ${name}`, { timeout }, () => {
    const suite = openContractSuite(factory, {
      timeoutMs: timeout,
      ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }),
      ...(options.idsUniquePerNamespace === undefined
        ? {}
        : { idsUniquePerNamespace: options.idsUniquePerNamespace }),
    })
    describeStoreWrites(suite)
    describeStoreReads(suite)
    describeStoreLifecycle(suite)
    describeStoreSweep(suite)
    describeStoreLinks(suite)
    describeStoreSearch(suite)
    describeStoreMeta(suite)
    describeStoreConcurrency(suite)
    describeStoreRepair(suite)
    describeStoreData(suite)
    if (options.completeness !== undefined) {
      describeStoreCompleteness(factory, options.completeness)
    }
  })
}
