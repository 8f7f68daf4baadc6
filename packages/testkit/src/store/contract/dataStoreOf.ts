import { isNamespaceDataStore, type NamespaceDataStore } from '@agent-memory/core'
import type { ContractStore } from '../StoreContractFactory.js'

/** The contract store as a `NamespaceDataStore`; the data concern fails plainly on a store without it. */
export function dataStoreOf(store: ContractStore): ContractStore & NamespaceDataStore {
  if (!isNamespaceDataStore(store))
    throw new Error('the store under test does not implement NamespaceDataStore')
  return store
}
