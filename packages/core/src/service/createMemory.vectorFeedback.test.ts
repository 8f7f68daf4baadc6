import { InMemoryStore } from '@agent-memory/testkit'
import { describe, expect, test } from 'vitest'
import type { Embedder } from '../spec/Embedder.js'
import { createMemory } from './createMemory.js'
import type { MemoryServiceOptions } from './MemoryServiceOptions.js'

const MODEL = 'scripted-semantic'
const QUERY = 'What does Bob drink in the morning?'
const ESPRESSO = 'Bob drinks an espresso every morning.'
const FLAT_WHITE = 'His daily caffeine fix is a flat white.'
const REPORT = 'The quarterly report is due on Friday.'

/**
 * A semantic model in four hand-placed dimensions. The query leans on the report's direction, so
 * the plain vector leg ranks the report above the flat white (cosines 0.43 and 0.26); the espresso
 * memory, which the keyword leg finds, points where the flat white does.
 */
const VECTORS: Record<string, number[]> = {
  [QUERY]: [0.3, 0, 1, 0],
  [ESPRESSO]: [1, 0, 0.3, 0],
  [FLAT_WHITE]: [0.9, 0.4, 0, 0],
  [REPORT]: [0, 0, 0.5, 1],
}

function scriptedEmbedder(): Embedder & { calls: string[][] } {
  const calls: string[][] = []
  return {
    model: MODEL,
    dimensions: 4,
    minScore: 0.15,
    calls,
    async embed(texts: string[]) {
      calls.push(texts)
      return texts.map((text) => {
        const vector = VECTORS[text]
        if (!vector) throw new Error(`no scripted vector for ${text}`)
        return Float32Array.from(vector)
      })
    },
  }
}

async function seeded(
  options: MemoryServiceOptions = {},
  store = new InMemoryStore({ dimensions: 4, model: MODEL }),
) {
  const embedder = scriptedEmbedder()
  const errors: string[] = []
  const memory = createMemory({
    store,
    embedder,
    options: { ...options, onError: (_error, context) => errors.push(context.operation) },
  })
  await memory.rememberMany('u1', [{ content: ESPRESSO }, { content: FLAT_WHITE }, { content: REPORT }])
  embedder.calls.length = 0
  return { memory, embedder, errors, store }
}

describe('vector feedback', () => {
  test('by default a semantic model finds what the keyword hit is about in other words, from stored vectors', async () => {
    const { memory, embedder, errors } = await seeded()
    const { hits } = await memory.recall('u1', QUERY, { limit: 2 })
    expect(hits.map((hit) => hit.memory.content)).toEqual([ESPRESSO, FLAT_WHITE])
    // Only the query was embedded: the espresso memory's vector was read from the store.
    expect(embedder.calls).toEqual([[QUERY]])
    // The flat white's shown cosine is with the question itself, not with the moved query.
    expect(hits[1]!.scores.semantic).toBeCloseTo(0.26, 2)
    expect(hits[1]!.sources).toEqual(['vector'])
    expect(errors).toEqual([])
    await memory.close()
  })

  test('feedback reorders but lends no relevance: a threshold above the cosine still drops the hit', async () => {
    const { memory } = await seeded()
    const { hits } = await memory.recall('u1', QUERY, { limit: 2, minScore: 0.3 })
    expect(hits.map((hit) => hit.memory.content)).toEqual([ESPRESSO, REPORT])
    await memory.close()
  })

  test('off (`vectorFeedback: false`), the plain vector leg ranks the report second', async () => {
    const { memory } = await seeded({ vectorFeedback: false })
    const { hits } = await memory.recall('u1', QUERY, { limit: 2 })
    expect(hits.map((hit) => hit.memory.content)).toEqual([ESPRESSO, REPORT])
    await memory.close()
  })

  test('keyword and vector modes search once, without feedback', async () => {
    const { memory } = await seeded()
    const vectorOnly = await memory.recall('u1', QUERY, { limit: 2, mode: 'vector' })
    expect(vectorOnly.hits.map((hit) => hit.memory.content)).toEqual([ESPRESSO, REPORT])
    const keywordOnly = await memory.recall('u1', QUERY, { limit: 2, mode: 'keyword' })
    expect(keywordOnly.hits.map((hit) => hit.memory.content)).toEqual([ESPRESSO])
    await memory.close()
  })

  test("a failed read of the hits' vectors is reported and recall keeps the first search's order", async () => {
    const store = new InMemoryStore({ dimensions: 4, model: MODEL })
    const { memory, errors } = await seeded({}, store)
    store.storedEmbeddings = async () => {
      throw new Error('connection reset')
    }
    const result = await memory.recall('u1', QUERY, { limit: 2 })
    expect(result.hits.map((hit) => hit.memory.content)).toEqual([ESPRESSO, REPORT])
    expect(result.degraded).toBeUndefined()
    expect(errors).toEqual(['recall.feedback'])
    await memory.close()
  })

  test('a store opened without the embedder’s model holds no vouched vectors: no feedback, no error', async () => {
    const { memory, errors } = await seeded({}, new InMemoryStore({ dimensions: 4 }))
    const { hits } = await memory.recall('u1', QUERY, { limit: 2 })
    expect(hits.map((hit) => hit.memory.content)).toEqual([ESPRESSO, REPORT])
    expect(errors).toEqual([])
    await memory.close()
  })

  test('settings out of range are refused when the service is made', () => {
    const store = new InMemoryStore({ dimensions: 4, model: MODEL })
    for (const vectorFeedback of [{ hits: 0 }, { hits: 2.5 }, { hits: 21 }, { weight: 0 }, { weight: 5 }])
      expect(() =>
        createMemory({ store, embedder: scriptedEmbedder(), options: { vectorFeedback } }),
      ).toThrow(/vectorFeedback\.(hits|weight)/)
  })
})
