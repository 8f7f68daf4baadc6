import { describeStoreContract } from '@agent-memory/testkit'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openEmbeddedStore } from './index.js'
import type { PgVectorStore } from './store/PgVectorStore.js'

// A data directory (not memory://) so `reopen` sees the recorded embedder of the first open.
describeStoreContract('PgVectorStore on PGlite', async (embedder) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'am-pglite-contract-'))
  let store: PgVectorStore = await openEmbeddedStore({ dataDir, ...embedder, handleSignals: false })
  return {
    store,
    reopen: async (other) => {
      // One process may hold the directory at a time: close, try the other identity, reopen ours.
      await store.close()
      try {
        return await openEmbeddedStore({ dataDir, ...other, handleSignals: false })
      } finally {
        if (other.model !== embedder.model || other.dimensions !== embedder.dimensions) {
          store = await openEmbeddedStore({ dataDir, ...embedder, handleSignals: false })
        }
      }
    },
    cleanup: async () => {
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
})
