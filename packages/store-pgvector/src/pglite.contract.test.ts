import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeStoreContract, type StoreContractFactory } from '@agent-memory/testkit'
import { openEmbeddedStore } from './index.js'
import type { PgVectorStore } from './store/PgVectorStore.js'

// A data directory (not memory://) so `reopen` sees the recorded embedder of the first open.
const onDisk: StoreContractFactory = async (embedder) => {
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
}

describeStoreContract('PgVectorStore on PGlite', onDisk, {
  completeness: {
    // In memory and without HNSW: every namespace, the 20,000-row one included, is searched
    // exactly here (the HNSW path is proven on PostgreSQL).
    factory: async (embedder) => {
      const store = await openEmbeddedStore({ ...embedder, annIndex: false })
      return { store, cleanup: () => store.close() }
    },
  },
})
