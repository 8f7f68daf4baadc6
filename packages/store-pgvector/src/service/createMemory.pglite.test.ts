import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { describeServiceScenarios } from '@agent-memory/testkit'
import { openEmbeddedStore } from '../index.js'

describeServiceScenarios(
  'PgVectorStore on PGlite',
  async (embedder) => {
    const store = await openEmbeddedStore({ ...embedder, handleSignals: false })
    return { store, cleanup: () => store.close() }
  },
  { createEmbedder: () => createHashingEmbedder({ dimensions: 512 }) },
)
