import { describe, expect, test } from 'vitest'
import type { Reranker } from '../spec/Reranker.js'
import { serviceFixture } from './__fixtures__/serviceFixture.js'

const FACTS = [
  'The user drinks green tea every morning.',
  'The user keeps a jar of loose tea and a tea pot at work.',
  'The user is allergic to chamomile tea.',
  'The user once visited a tea plantation in Sri Lanka.',
]

/** A scripted reranking model: its answer for the documents it is sent, and what it was sent. */
function scripted(answer: (documents: string[]) => Promise<Array<{ index: number; score: number }>>) {
  const sent: string[][] = []
  const reranker: Reranker = {
    model: 'scripted-rerank',
    async rerank(_query, documents) {
      sent.push(documents)
      return answer(documents)
    },
  }
  return { reranker, sent }
}

async function withFacts(reranker?: Reranker, extra: { timeoutMs?: number; candidates?: number } = {}) {
  const fixture = serviceFixture(reranker ? { rerank: { reranker, ...extra } } : {})
  await fixture.memory.rememberMany(
    'u1',
    FACTS.map((content) => ({ content })),
  )
  return fixture
}

const ids = (hits: Array<{ memory: { content: string } }>) => hits.map((hit) => hit.memory.content)

describe('reranking stage', () => {
  test('off by default; when set, the fused top takes the order the reranker gives', async () => {
    const plain = await withFacts()
    const fused = (await plain.memory.recall('u1', 'tea')).hits
    // The reranker puts the allergy first, then the plantation, and leaves the rest unscored.
    const { reranker, sent } = scripted(async (documents) => [
      { index: documents.indexOf(FACTS[3]!), score: 0.5 },
      { index: documents.indexOf(FACTS[2]!), score: 0.9 },
    ])
    const { memory } = await withFacts(reranker)
    const result = await memory.recall('u1', 'tea')
    expect(result.degraded).toBeUndefined()
    expect(sent).toHaveLength(1)
    expect([...sent[0]!].sort()).toEqual([...FACTS].sort())
    const order = ids(result.hits)
    expect(order.slice(0, 2)).toEqual([FACTS[2], FACTS[3]])
    // The others keep their fused order after them.
    expect(order.slice(2)).toEqual(
      ids(fused).filter((content) => content !== FACTS[2] && content !== FACTS[3]),
    )
    expect(result.hits[0]!.scores.rerank).toBe(0.9)
    expect(result.hits[2]!.scores.rerank).toBeUndefined()
    // The scale is the fused one: the top hit takes the best fused value.
    expect(result.hits[0]!.scores.fused).toBe(fused[0]!.scores.fused)
  })

  test('an error leaves the fused order and says so', async () => {
    const plain = await withFacts()
    const fused = ids((await plain.memory.recall('u1', 'tea')).hits)
    const { reranker } = scripted(async () => {
      throw new Error('rerank service 503')
    })
    const { memory, errors } = await withFacts(reranker)
    const result = await memory.recall('u1', 'tea')
    expect(result.degraded).toBe('not_reranked')
    expect(ids(result.hits)).toEqual(fused)
    expect(errors.map((e) => e.operation)).toEqual(['recall.rerank'])
  })

  test('a reranker that never answers (and ignores its signal) is cut off at its budget', async () => {
    let signal: AbortSignal | undefined
    const hanging: Reranker = {
      model: 'hanging',
      rerank: (_query, _documents, options) => {
        signal = options.signal
        return new Promise(() => {})
      },
    }
    const { memory, errors } = await withFacts(hanging, { timeoutMs: 50 })
    const started = Date.now()
    const result = await memory.recall('u1', 'tea')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(result.degraded).toBe('not_reranked')
    expect(result.hits.length).toBeGreaterThan(0)
    expect(signal?.aborted).toBe(true)
    expect(String(errors[0]?.error)).toMatch(/did not answer within 50 ms/)
  })

  test("the caller's abort is the caller's, not a degraded answer", async () => {
    const controller = new AbortController()
    const { reranker } = scripted(async () => {
      controller.abort(new Error('caller gave up'))
      return new Promise(() => {})
    })
    const { memory } = await withFacts(reranker)
    await expect(memory.recall('u1', 'tea', { signal: controller.signal })).rejects.toThrow('caller gave up')
  })

  test('indices outside the list or repeated, and scores that are not numbers, are ignored', async () => {
    const { reranker } = scripted(async (documents) => [
      { index: 99, score: 1 },
      { index: -1, score: 1 },
      { index: documents.indexOf(FACTS[1]!), score: Number.NaN },
      { index: documents.indexOf(FACTS[0]!), score: 0.2 },
      { index: documents.indexOf(FACTS[0]!), score: 0.1 },
    ])
    const { memory } = await withFacts(reranker)
    const result = await memory.recall('u1', 'tea')
    expect(result.degraded).toBeUndefined()
    expect(result.hits[0]!.memory.content).toBe(FACTS[0])
    expect(result.hits).toHaveLength(FACTS.length)
  })

  test('bad settings are refused when the service is created', () => {
    const { reranker } = scripted(async () => [])
    expect(() => serviceFixture({ rerank: { reranker, candidates: 0 } })).toThrow(/rerank\.candidates/)
    expect(() => serviceFixture({ rerank: { reranker: {} as Reranker } })).toThrow(/rerank\.reranker/)
  })
})
