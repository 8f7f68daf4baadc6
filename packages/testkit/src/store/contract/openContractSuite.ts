import { afterAll, beforeAll } from 'vitest'
import { axisVector } from '../contractVectors.js'
import type { ContractStore, StoreContractFactory, StoreContractHandle } from '../StoreContractFactory.js'
import type { ContractSuite } from './ContractSuite.js'

const MODEL = 'contract-model'

/**
 * Opens one store from `factory` for the enclosing `describe` (closed after it) and returns the
 * suite the `describeStore…` concerns run against. Call it inside a `describe`:
 *
 *   describe('my store', () => describeStoreSearch(openContractSuite(factory)))
 */
export function openContractSuite(
  factory: StoreContractFactory,
  options: { dimensions?: number; timeoutMs?: number; idsUniquePerNamespace?: boolean } = {},
): ContractSuite {
  const dims = options.dimensions ?? 8
  const timeout = options.timeoutMs ?? 60_000
  let handle: StoreContractHandle | undefined
  beforeAll(async () => {
    handle = await factory({ model: MODEL, dimensions: dims })
  }, timeout)
  afterAll(async () => {
    await handle?.cleanup()
  }, timeout)
  return {
    get store(): ContractStore {
      if (handle === undefined) throw new Error('the contract store is not open yet')
      return handle.store
    },
    factory,
    model: MODEL,
    dims,
    idsUniquePerNamespace: options.idsUniquePerNamespace ?? false,
    v: (axis, mix = 0) => axisVector(dims, axis, mix),
  }
}
