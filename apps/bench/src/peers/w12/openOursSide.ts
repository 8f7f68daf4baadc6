import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemory } from '@agent-memory/core'
import { createOpenRouterEmbedder } from '@agent-memory/embedder-openrouter'
import {
  createPgVectorStore,
  migrate,
  openEmbeddedStore,
  type PgVectorStore,
} from '@agent-memory/store-pgvector'
import pg from 'pg'
import { packageVersion } from '../../harness/packageVersion.js'
import type { PeerPlan } from './PeerPlan.js'
import type { PeerSide } from './PeerSide.js'

/**
 * Our service (`createMemory`) over the store on PostgreSQL or embedded (PGlite), embedding
 * through `embedder-openrouter` at the same OpenAI-compatible server the peers use. One user is
 * one namespace; `rememberMany` writes, `recall` (default hybrid) searches. The embedder's
 * relevance floor is off, as the peers' are, so every side answers up to `k`.
 */
export async function openOursSide(plan: PeerPlan): Promise<PeerSide> {
  const embedder = createOpenRouterEmbedder({
    baseURL: plan.embedderUrl,
    apiKey: 'bench-not-a-secret',
    model: 'hashing-served',
    dimensions: plan.dimensions,
    minScore: 0,
  })
  let store: PgVectorStore
  let closeStore: () => Promise<void>
  if (plan.side === 'ours-embedded') {
    const dir = await mkdtemp(join(tmpdir(), 'agent-memory-bench-w12-'))
    const embedded = await openEmbeddedStore({
      dataDir: dir,
      dimensions: plan.dimensions,
      model: embedder.model,
      handleSignals: false,
    })
    store = embedded
    closeStore = async () => {
      await embedded.close()
      await rm(dir, { recursive: true, force: true })
    }
  } else {
    const pool = new pg.Pool({ connectionString: plan.databaseUrl, max: 4 })
    await migrate(pool, { dimensions: plan.dimensions })
    const pgStore = await createPgVectorStore({ pool, dimensions: plan.dimensions, model: embedder.model })
    store = pgStore
    closeStore = async () => {
      await pgStore.close()
      await pool.end()
    }
  }
  const memory = createMemory({ store, embedder })
  return {
    describe: {
      version: packageVersion('@agent-memory/core'),
      store:
        plan.side === 'ours-embedded'
          ? 'embedded (PGlite + pgvector), defaults'
          : 'PostgreSQL + pgvector, defaults (migrate, createPgVectorStore)',
      write: 'memory.rememberMany(user, inputs)',
      search: 'memory.recall(user, query, { limit: k }) — hybrid (vector + BM25), embedder minScore 0',
    },
    add: async (user, texts) => {
      await memory.rememberMany(
        user,
        texts.map((content) => ({ content })),
      )
    },
    search: async (user, query, k) => {
      const result = await memory.recall(user, query, { limit: k })
      return result.hits.map((hit) => hit.memory.content)
    },
    settle: async () => {
      await memory.flush()
      await store.settle()
    },
    close: async () => {
      await memory.close()
      await closeStore()
    },
  }
}
