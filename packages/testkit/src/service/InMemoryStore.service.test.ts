import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { InMemoryStore } from '../memory-store/InMemoryStore.js'
import { describeServiceScenarios } from './describeServiceScenarios.js'

describeServiceScenarios(
  'InMemoryStore',
  async ({ model, dimensions }) => {
    const store = new InMemoryStore({ model, dimensions })
    return { store, cleanup: () => store.close() }
  },
  { createEmbedder: () => createHashingEmbedder({ dimensions: 512 }) },
)
