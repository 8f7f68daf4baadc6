import { InvalidArgumentError } from '../../errors/InvalidArgumentError.js'
import { isNamespaceDataStore, type NamespaceDataStore } from '../../spec/NamespaceDataStore.js'
import type { Store } from '../../spec/Store.js'

/** The store as a `NamespaceDataStore`, or a clear refusal when it cannot export, import or erase. */
export function dataStoreOf(store: Store): Store & NamespaceDataStore {
  if (isNamespaceDataStore(store)) return store
  throw new InvalidArgumentError(
    'store',
    'this store cannot export, import or erase a namespace (it does not implement NamespaceDataStore)',
  )
}
