import { describeStoreContract } from '../store/describeStoreContract.js'
import { InMemoryStore } from './InMemoryStore.js'

describeStoreContract('InMemoryStore', async (embedder) => {
  const store = new InMemoryStore({ dimensions: embedder.dimensions })
  return { store, cleanup: () => store.close() }
})
