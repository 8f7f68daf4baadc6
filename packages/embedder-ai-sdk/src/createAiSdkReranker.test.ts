import { createMemory, type Embedder, InvalidArgumentError } from '@agent-memory/core'
import { InMemoryStore } from '@agent-memory/testkit'
import { APICallError } from 'ai'
import { MockRerankingModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { createAiSdkReranker } from './createAiSdkReranker.js'

type DoRerank = ConstructorParameters<typeof MockRerankingModelV3>[0] extends infer O
  ? O extends { doRerank?: infer D }
    ? D
    : never
  : never

/** Scores each document by how many times it contains the query's last word. */
const byLastWord: DoRerank = async ({ documents, query }) => {
  const word = query.split(' ').pop()!.toLowerCase()
  const values = documents.values as string[]
  return {
    ranking: values
      .map((text, index) => ({ index, relevanceScore: text.toLowerCase().split(word).length - 1 }))
      .sort((a, b) => b.relevanceScore - a.relevanceScore),
  }
}

const call = () => ({ signal: new AbortController().signal, timeoutMs: 1000 })

/** Every text gets the same vector: the fused order is the keyword leg's, which the reranker then changes. */
const flatEmbedder: Embedder = {
  model: 'flat',
  dimensions: 4,
  async embed(texts) {
    return texts.map(() => new Float32Array([1, 0, 0, 0]))
  },
}

describe('createAiSdkReranker with the AI SDK mock reranking model', () => {
  it('maps the ranking to indices and scores, through rerank()', async () => {
    const model = new MockRerankingModelV3({ modelId: 'mock-rerank-1', doRerank: byLastWord })
    const reranker = createAiSdkReranker({ model })
    expect(reranker.model).toBe('mock-rerank-1')
    const ranking = await reranker.rerank('about tea', ['coffee', 'tea and tea', 'tea'], call())
    expect(ranking).toEqual([
      { index: 1, score: 2 },
      { index: 2, score: 1 },
      { index: 0, score: 0 },
    ])
    expect(await reranker.rerank('q', [], call())).toEqual([])
  })

  it('a provider failure names the model and status, never the request', async () => {
    const model = new MockRerankingModelV3({
      modelId: 'mock-rerank-1',
      doRerank: async () => {
        throw new APICallError({
          message: 'provider said 401',
          url: 'https://api.example.test/v1/rerank',
          requestBodyValues: { documents: ['secret user text'] },
          statusCode: 401,
          isRetryable: false,
        })
      },
    })
    const error = await createAiSdkReranker({ model, maxRetries: 0 })
      .rerank('q', ['secret user text'], call())
      .then(
        () => undefined,
        (e: unknown) => e as Error,
      )
    expect(error?.message).toMatch(/^reranking with mock-rerank-1 failed: APICallError \(HTTP 401\)/)
    expect(error?.message).not.toContain('secret user text')
  })

  it('refuses bad settings', () => {
    const model = new MockRerankingModelV3({ modelId: 'm', doRerank: byLastWord })
    expect(() => createAiSdkReranker({ model, maxRetries: -1 })).toThrow(InvalidArgumentError)
    expect(() => createAiSdkReranker({ model: new MockRerankingModelV3({ modelId: '' }) })).toThrow(/modelId/)
  })

  it('reorders recall in a service, and a failing model leaves the fused order, said so', async () => {
    const store = new InMemoryStore({ dimensions: 4 })
    const open = (doRerank: DoRerank) =>
      createMemory({
        store,
        embedder: flatEmbedder,
        options: {
          rerank: {
            reranker: createAiSdkReranker({ model: new MockRerankingModelV3({ modelId: 'r', doRerank }) }),
          },
        },
      })
    // Scores each document by its place in the list: the last one sent comes back first.
    const reversing: DoRerank = async ({ documents }) => ({
      ranking: documents.values.map((_, index) => ({ index, relevanceScore: index })).reverse(),
    })
    await createMemory({ store, embedder: flatEmbedder }).rememberMany(
      'u1',
      ['notes on tea', 'tea tea tea, and more tea about chai', 'tea and chai chai'].map((content) => ({
        content,
      })),
    )
    const plain = (await createMemory({ store, embedder: flatEmbedder }).recall('u1', 'tea chai')).hits
    expect(plain.length).toBe(3)
    const reranked = await open(reversing).recall('u1', 'tea chai')
    expect(reranked.degraded).toBeUndefined()
    expect(reranked.hits.map((hit) => hit.memory.id)).toEqual(plain.map((hit) => hit.memory.id).reverse())
    expect(reranked.hits[0]?.scores.rerank).toBe(2)
    const failed = await open(async () => {
      throw new Error('down')
    }).recall('u1', 'tea chai')
    expect(failed.degraded).toBe('not_reranked')
    expect(failed.hits.map((hit) => hit.memory.id)).toEqual(plain.map((hit) => hit.memory.id))
    expect(failed.hits[0]?.scores.rerank).toBeUndefined()
  })
})
