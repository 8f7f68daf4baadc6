// ai 5: an AI SDK embedding model (MockEmbeddingModelV2, the SDK's own mock) as the memory's Embedder, batched by
// its maxEmbeddingsPerCall, through remember and recall on the embedded store.
import { createMemory } from '@agent-memory/core'
import { createAiSdkEmbedder } from '@agent-memory/embedder-ai-sdk'
import { openEmbeddedStore } from '@agent-memory/store-pgvector'
import { MockEmbeddingModelV2 } from 'ai/test'
import { check } from './memory.js'

const model = new MockEmbeddingModelV2({
  modelId: 'mock-embedding',
  maxEmbeddingsPerCall: 2,
  doEmbed: async ({ values }: { values: string[] }) => ({
    embeddings: values.map((v) => [v.length, 1, 0, 0]),
  }),
})
const embedder = createAiSdkEmbedder({ model, dimensions: 4 })
const vectors = await embedder.embed(['a', 'bb', 'ccc', 'dddd', 'eeeee'])
check(model.doEmbedCalls.map((c) => c.values.length).join() === '2,2,1', 'batches of maxEmbeddingsPerCall')
check(vectors.map((v) => v[0]).join() === '1,2,3,4,5', 'input order')
const store = await openEmbeddedStore({ model: embedder.model, dimensions: embedder.dimensions })
try {
  const memory = createMemory({ store, embedder })
  const written = await memory.remember('u1', { content: 'The user is vegetarian' })
  check(
    written.status === 'inserted' && written.degraded === undefined,
    `remember: ${JSON.stringify(written)}`,
  )
  const { hits } = await memory.recall('u1', 'vegetarian?', { minScore: 0 })
  check(hits[0]?.memory.content === 'The user is vegetarian', `recall: ${JSON.stringify(hits)}`)
  console.log('round trip ok: ai 5 embedding model as the Embedder (batched, remember + recall)')
} finally {
  await store.close()
}
