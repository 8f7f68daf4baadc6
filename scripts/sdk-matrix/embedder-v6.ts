// ai 6: an AI SDK embedding model (MockEmbeddingModelV3, the SDK's own mock) as the memory's Embedder, batched by
// its maxEmbeddingsPerCall, through remember and recall on the embedded store.
import { createAiSdkEmbedder } from '@agent-memory/embedder-ai-sdk'
import { MockEmbeddingModelV3 } from 'ai/test'
import { embedderRoundTrip, lengthEmbeddings } from './ai-sdk.js'

const model = new MockEmbeddingModelV3({
  modelId: 'mock-embedding',
  maxEmbeddingsPerCall: 2,
  doEmbed: lengthEmbeddings,
})
const embedder = createAiSdkEmbedder({ model, dimensions: 4 })
await embedderRoundTrip(embedder, () => model.doEmbedCalls.map((c) => c.values.length), 6)
