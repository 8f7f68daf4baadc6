import { describe, expect, test } from 'vitest'
import { FIXTURE_NOW, memoryFixture } from '../__fixtures__/memoryFixture.js'
import type { RecallCandidates } from './RecallCandidates.js'
import { rankHits } from './rankHits.js'

const context = { fusion: 'minmax' as const, minScore: 0.3, now: () => FIXTURE_NOW, ranking: undefined }
const hybrid = { mode: 'hybrid' as const, limit: 10, minScore: undefined }

function candidates(overrides: Partial<RecallCandidates> = {}): RecallCandidates {
  const semantic: RecallCandidates['semantic'] =
    overrides.semantic ??
    new Map([
      ['a', { score: 0.8, sources: new Set(['vector' as const]) }],
      [
        'b',
        { score: 0.5, sources: new Set(['vector' as const, 'chunk' as const]), chunk: { idx: 1, text: 't' } },
      ],
    ])
  return {
    memories: new Map(['a', 'b', 'k'].map((id) => [id, memoryFixture({ id })])),
    semantic,
    semanticSeen: semantic,
    semanticLeg: [
      { id: 'a', score: 0.8 },
      { id: 'b', score: 0.5 },
    ],
    keywordLeg: [{ id: 'k', score: 4 }],
    keywordScore: new Map([['k', 1]]),
    coverFloor: Infinity,
    ...overrides,
  }
}
const fused = new Map([
  ['a', 0.9],
  ['b', 0.6],
  ['k', 0.7],
])

describe('rankHits', () => {
  test('orders by fused relevance and scores vector hits by their cosine, with sources and chunk', () => {
    const hits = rankHits(context, hybrid, false, fused, candidates())
    expect(hits.map((hit) => hit.memory.id)).toEqual(['a', 'k', 'b'])
    expect(hits[0]).toMatchObject({ scores: { relevance: 0.8, semantic: 0.8 }, sources: ['vector'] })
    expect(hits[2]).toMatchObject({
      scores: { relevance: 0.5 },
      sources: ['vector', 'chunk'],
      matchedChunk: { idx: 1 },
    })
    // The shown score is the ranking's own: it descends with the order.
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score)
  })

  test('a keyword-only hit in hybrid mode scores strictly below minScore and the cover floor', () => {
    const [k] = rankHits(context, hybrid, false, new Map([['k', 1]]), candidates())
    expect(k!.sources).toEqual(['keyword'])
    expect(k!.scores.relevance).toBeLessThan(0.3)
    expect(k!.scores.relevance).toBeCloseTo(0.3 * 0.999, 12)
    const [floored] = rankHits(context, hybrid, false, new Map([['k', 1]]), candidates({ coverFloor: 0.2 }))
    expect(floored!.scores.relevance).toBeCloseTo(0.2 * 0.999, 12)
  })

  test("applies the caller's minScore on the cosine scale only", () => {
    const strict = { ...hybrid, minScore: 0.6 }
    expect(rankHits(context, strict, false, fused, candidates()).map((hit) => hit.memory.id)).toEqual(['a'])
    const keyword = rankHits(
      context,
      { ...strict, mode: 'keyword' },
      false,
      new Map([['k', 1]]),
      candidates(),
    )
    expect(keyword.map((hit) => [hit.memory.id, hit.scores.relevance])).toEqual([['k', 1]])
  })

  test('without a query vector scores are keyword scores, not on the cosine scale', () => {
    const hits = rankHits(context, { ...hybrid, minScore: 0.9 }, true, new Map([['k', 1]]), candidates())
    expect(hits.map((hit) => [hit.memory.id, hit.scores.relevance])).toEqual([['k', 1]])
  })

  test('the ranking modifier reorders near ties but not a clear relevance gap', () => {
    const weak = memoryFixture({ id: 'a', importance: 0, confidence: 0 })
    const strong = memoryFixture({ id: 'b', importance: 1 })
    const memories = new Map([
      ['a', weak],
      ['b', strong],
    ])
    const order = (relevance: number) =>
      rankHits(
        context,
        hybrid,
        false,
        new Map([
          ['a', 1],
          ['b', relevance],
        ]),
        candidates({ memories }),
      ).map((hit) => hit.memory.id)
    expect(order(0.95)).toEqual(['b', 'a'])
    expect(order(0.5)).toEqual(['a', 'b'])
  })

  test('RRF relevance is 1 / dense rank, ties break by id, and the limit cuts', () => {
    const rrf = { ...context, fusion: 'rrf' as const }
    const tied = new Map([
      ['b', 0.5],
      ['a', 0.5],
      ['k', 0.2],
    ])
    const hits = rankHits(rrf, { ...hybrid, limit: 2 }, false, tied, candidates())
    expect(hits.map((hit) => hit.memory.id)).toEqual(['a', 'b'])
  })

  test("a borrowed place passes a threshold only with the same fraction of its lender's relevance", () => {
    const memories = new Map(['a', 'b', 'k', 'n'].map((id) => [id, memoryFixture({ id })]))
    const withNeighbour = new Map([...fused, ['n', 0.45]])
    const lent = new Map([['n', { amount: 0.45, from: 'a', fraction: 0.5 }]])
    const gated = (minScore: number) =>
      rankHits(context, { ...hybrid, minScore }, false, withNeighbour, candidates({ memories }), lent)
    // n has no cosine of its own: it borrows half of a's 0.8.
    const [n] = gated(0.35).filter((hit) => hit.memory.id === 'n')
    expect(n!.scores).toMatchObject({ neighbour: 0.45, relevance: 0.4, fused: 0.45 })
    expect(gated(0.45).map((hit) => hit.memory.id)).toEqual(['a', 'b'])
  })

  test('with a lexical embedder, a cosine passes a threshold in hybrid recall only where the keyword leg agrees', () => {
    const lexical = { ...context, lexicalEmbedder: true }
    const agreeing = candidates({ keywordScore: new Map([['b', 0.5]]) })
    const ids = (mode: 'hybrid' | 'vector') =>
      rankHits(lexical, { mode, limit: 10, minScore: 0.3 }, false, fused, agreeing).map(
        (hit) => hit.memory.id,
      )
    // a's cosine 0.8 comes from the vector leg alone; b's 0.5 is backed by a keyword match.
    expect(ids('hybrid')).toEqual(['b'])
    // Without a keyword leg there is nothing to agree with: the cosine alone decides.
    expect(ids('vector')).toEqual(['a', 'b'])
  })

  test("with a lexical embedder, a keyword match passes on its own evidence: the query's rare words it holds", () => {
    const lexical = { ...context, lexicalEmbedder: true, minScore: 0.15 }
    const memories = new Map(
      [
        ['lisbon', 'The user lives in Lisbon.'],
        ['tea', 'The user likes green tea.'],
        ['year', 'The user moved house last year.'],
      ].map(([id, content]) => [id!, memoryFixture({ id: id!, content: content! })]),
    )
    // Lexical cosines below the threshold: "I" is not "the user" to character trigrams.
    const low = (ids: string[]) =>
      new Map(ids.map((id) => [id, { score: 0.11, sources: new Set(['vector' as const]) }]))
    const recall = (query: string, matched: string[]) =>
      rankHits(
        lexical,
        { mode: 'hybrid', limit: 10, minScore: 0.15, query },
        false,
        new Map([...memories.keys()].map((id) => [id, 0.5])),
        candidates({
          memories,
          semantic: low([...memories.keys()]),
          keywordScore: new Map(matched.map((id) => [id, 1])),
        }),
      )
    const [hit, ...rest] = recall('Where do I live?', ['lisbon'])
    expect(hit?.memory.id).toBe('lisbon')
    expect(hit?.scores.relevance).toBeCloseTo(0.15 / 0.4, 6)
    expect(rest).toEqual([])
    // One everyday word in common with a question about something else is not enough.
    expect(recall('What year did the Byzantine empire fall?', ['year'])).toEqual([])
    // Without the keyword leg's agreement there is no evidence to judge.
    expect(recall('Where do I live?', [])).toEqual([])
  })

  test('with a lexical embedder, a memory sharing only the name every memory holds passes no threshold', () => {
    const lexical = { ...context, lexicalEmbedder: true, minScore: 0.15 }
    const memories = new Map(
      [
        ['allergy', 'Bob is allergic to shellfish.'],
        ['seat', 'Bob prefers an aisle seat on flights and always checks a bag.'],
        ['coffee', 'Bob drinks his coffee black, no sugar.'],
      ].map(([id, content]) => [id!, memoryFixture({ id: id!, content: content! })]),
    )
    // The seat's cosine clears 0.15 on "Bob" and function words, and the keyword leg matched "Bob".
    const cosines = new Map([
      ['allergy', 0.32],
      ['seat', 0.16],
      ['coffee', 0.1],
    ])
    const hits = rankHits(
      lexical,
      { mode: 'hybrid', limit: 10, minScore: 0.15, query: 'Does Bob have any allergies?' },
      false,
      new Map([...cosines.keys()].map((id) => [id, 0.5])),
      candidates({
        memories,
        semantic: new Map(
          [...cosines].map(([id, score]) => [id, { score, sources: new Set(['vector' as const]) }]),
        ),
        keywordScore: new Map([...cosines.keys()].map((id) => [id, 1])),
      }),
    )
    expect(hits.map((hit) => hit.memory.id)).toEqual(['allergy'])
    expect(hits[0]!.scores.relevance).toBeCloseTo(0.32, 12)
  })

  test('a hit only the fed-back search found is listed as a vector hit but has no cosine to clear a threshold with', () => {
    const memories = new Map(['a', 'd'].map((id) => [id, memoryFixture({ id })]))
    const fedBack = candidates({
      memories,
      semantic: new Map([['a', { score: 0.6, sources: new Set(['vector' as const]) }]]),
      semanticSeen: new Map([
        ['d', { score: 0.9, sources: new Set(['vector' as const]) }],
        ['a', { score: 0.7, sources: new Set(['vector' as const]) }],
      ]),
      semanticLeg: [
        { id: 'd', score: 0.9 },
        { id: 'a', score: 0.7 },
      ],
      keywordLeg: [],
      keywordScore: new Map(),
    })
    const order = new Map([
      ['d', 1],
      ['a', 0.8],
    ])
    const listed = rankHits(context, hybrid, false, order, fedBack)
    expect(listed.map((hit) => [hit.memory.id, hit.sources, hit.scores.semantic])).toEqual([
      ['d', ['vector'], undefined],
      ['a', ['vector'], 0.6],
    ])
    expect(listed.map((hit) => hit.scores.relevance)).toEqual([0, 0.6])
    const thresholded = rankHits(context, { ...hybrid, minScore: 0.3 }, false, order, fedBack)
    expect(thresholded.map((hit) => hit.memory.id)).toEqual(['a'])
  })
})
