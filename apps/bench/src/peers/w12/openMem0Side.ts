import { packageVersion } from '../../harness/packageVersion.js'
import type { PeerPlan } from './PeerPlan.js'
import type { PeerSide } from './PeerSide.js'

/**
 * mem0's open-source TypeScript SDK (`mem0ai/oss`) as its docs configure it for pgvector: its
 * `openai` embedder with `baseURL` at the shared server, the `pgvector` vector store on its own
 * database, history disabled (no SQLite), `add(…, { infer: false })` (raw storage, no LLM; the
 * LLM config is required by the constructor and never called) and `search` scoped by `user_id`.
 * Its default score threshold (0.1) is set to 0, as the other sides' floors are off.
 */
export async function openMem0Side(plan: PeerPlan): Promise<PeerSide> {
  const { Memory } = await import('mem0ai/oss')
  const memory = new Memory({
    version: 'v1.1',
    embedder: {
      provider: 'openai',
      config: {
        apiKey: 'bench-not-a-secret',
        baseURL: plan.embedderUrl,
        model: 'hashing-served',
        embeddingDims: plan.dimensions,
      },
    },
    vectorStore: {
      provider: 'pgvector',
      config: {
        collectionName: 'memories',
        dimension: plan.dimensions,
        embeddingModelDims: plan.dimensions,
        connectionString: plan.databaseUrl,
      },
    },
    llm: {
      provider: 'openai',
      config: { apiKey: 'bench-not-a-secret', baseURL: plan.embedderUrl, model: 'never-called' },
    },
    disableHistory: true,
  })
  return {
    describe: {
      version: packageVersion('mem0ai'),
      store: 'vectorStore pgvector (its own table: id, vector, payload JSONB; hnsw off — its default)',
      write:
        'memory.add(texts as user messages, { userId, infer: false }) — one embed request and one INSERT per memory',
      search:
        'memory.search(query, { filters: { user_id }, topK: k, threshold: 0 }) — vector + BM25 (ts_rank) + entity boost',
    },
    add: async (user, texts) => {
      await memory.add(
        texts.map((content) => ({ role: 'user', content })),
        { userId: user, infer: false },
      )
    },
    search: async (user, query, k) => {
      const result = await memory.search(query, { filters: { user_id: user }, topK: k, threshold: 0 })
      return result.results.map((item) => item.memory)
    },
    close: async () => {
      // Its two pgvector clients (memories, entities); the SDK has no close of its own.
      type Closable = { close?: () => Promise<void> } | undefined
      const internals = memory as unknown as { vectorStore?: Closable; _entityStore?: Closable }
      await internals.vectorStore?.close?.()
      await internals._entityStore?.close?.()
    },
  }
}
