import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import type { LocomoBackend } from '../locomo/LocomoBackend.js'

/** The embedded default (PGlite + pgvector on a data directory), in a temporary directory removed on close. */
export function embeddedBackend(model: string): LocomoBackend {
  return {
    name: 'embedded (PGlite)',
    open: async (tag, dimensions) => {
      const dir = await mkdtemp(join(tmpdir(), `agent-memory-bench-${tag}-`))
      const store = await openEmbeddedStore({ dataDir: dir, dimensions, model, handleSignals: false })
      return {
        store,
        close: async () => {
          await store.close()
          await rm(dir, { recursive: true, force: true })
        },
      }
    },
  }
}
