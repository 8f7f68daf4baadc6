import { randomUUID } from 'node:crypto'
import { packageVersion } from '../../harness/packageVersion.js'
import type { PeerPlan } from './PeerPlan.js'
import type { PeerSide } from './PeerSide.js'

/**
 * Mastra memory (`@mastra/memory` with `@mastra/pg`) as its semantic-recall docs configure it:
 * `PostgresStore` + `PgVector` on its own database, its model-router embedder
 * (`ModelRouterEmbeddingModel` with `url` at the shared server), `semanticRecall` with
 * `scope: 'resource'` (one resource = one user, one thread per user), `messageRange: 0` so an
 * answer holds the matches alone, and no message history in the answer (`perPage: 0`). Writes
 * are `saveMessages` (the user's messages, as an agent saves them); the vector index is the
 * documented default (IVFFlat, built when the first message is saved) or, with
 * `plan.mastraIndex: 'hnsw'`, the HNSW its docs recommend.
 */
export async function openMastraSide(plan: PeerPlan): Promise<PeerSide> {
  const { Memory } = await import('@mastra/memory')
  const { PostgresStore, PgVector } = await import('@mastra/pg')
  const { ModelRouterEmbeddingModel } = await import('@mastra/core/llm')
  const storage = new PostgresStore({ id: 'w12-storage', connectionString: plan.databaseUrl! })
  const vector = new PgVector({ id: 'w12-vector', connectionString: plan.databaseUrl! })
  const embedder = new ModelRouterEmbeddingModel({
    providerId: 'openai',
    modelId: 'text-embedding-3-small',
    url: plan.embedderUrl,
    apiKey: 'bench-not-a-secret',
  })
  // The HNSW setting is the one Mastra's semantic-recall docs give for PostgreSQL ("PostgreSQL
  // index optimization"): HNSW, dot product (the vectors are unit length), m 16, ef_construction 64.
  const indexConfig =
    plan.mastraIndex === 'hnsw'
      ? { type: 'hnsw' as const, metric: 'dotproduct' as const, hnsw: { m: 16, efConstruction: 64 } }
      : undefined
  const semanticRecall = {
    topK: plan.k,
    messageRange: 0,
    scope: 'resource' as const,
    ...(indexConfig ? { indexConfig } : {}),
  }
  const memory = new Memory({
    storage,
    vector,
    embedder,
    options: { lastMessages: false, semanticRecall },
  })
  const threads = new Set<string>()
  let clock = Date.UTC(2026, 0, 1)
  const threadOf = (user: string) => `${user}-thread`
  type Messages = Parameters<typeof memory.saveMessages>[0]['messages']
  return {
    describe: {
      version: `@mastra/memory ${packageVersion('@mastra/memory')}, @mastra/pg ${packageVersion('@mastra/pg')}, @mastra/core ${packageVersion('@mastra/core')}`,
      store:
        plan.mastraIndex === 'hnsw'
          ? 'PostgresStore (messages) + PgVector (embeddings; index: HNSW, dotproduct, m 16, efConstruction 64, as its docs recommend; ef_search unset)'
          : 'PostgresStore (messages) + PgVector (embeddings; index: its default IVFFlat, probes unset)',
      write:
        'memory.saveThread once per user, then memory.saveMessages(user messages) — one embed request per message, in parallel',
      search: `memory.recall({ threadId, resourceId, vectorSearchString, perPage: 0, threadConfig: { semanticRecall: { topK: k, messageRange: 0, scope: 'resource' } } })`,
    },
    add: async (user, texts) => {
      const threadId = threadOf(user)
      if (!threads.has(user)) {
        threads.add(user)
        const now = new Date(clock)
        await memory.saveThread({
          thread: {
            id: threadId,
            resourceId: user,
            title: user,
            createdAt: now,
            updatedAt: now,
            metadata: {},
          },
        })
      }
      const messages = texts.map((text) => ({
        id: randomUUID(),
        role: 'user' as const,
        createdAt: new Date(clock++),
        threadId,
        resourceId: user,
        content: { format: 2 as const, parts: [{ type: 'text' as const, text }], content: text },
      })) as Messages
      await memory.saveMessages({ messages })
    },
    search: async (user, query, k) => {
      const result = await memory.recall({
        threadId: threadOf(user),
        resourceId: user,
        vectorSearchString: query,
        perPage: 0,
        threadConfig: { semanticRecall: { ...semanticRecall, topK: k } },
      })
      return result.messages.map((message) => {
        const content = message.content
        if (typeof content.content === 'string' && content.content) return content.content
        return content.parts
          .map((part) => (part.type === 'text' ? part.text : ''))
          .join(' ')
          .trim()
      })
    },
    close: async () => {
      await vector.disconnect()
      await storage.close()
    },
  }
}
