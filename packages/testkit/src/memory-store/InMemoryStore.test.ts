import { describeStoreContract } from '../store/describeStoreContract.js'
import { InMemoryStore } from './InMemoryStore.js'

describeStoreContract('InMemoryStore', async (embedder) => {
  const store = new InMemoryStore(embedder)
  return { store, reopen: (other) => store.reopen(other), cleanup: () => store.close() }
})
