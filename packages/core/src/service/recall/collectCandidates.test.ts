import { describe, expect, test } from 'vitest'
import { memoryFixture } from '../__fixtures__/memoryFixture.js'
import { collectCandidates } from './collectCandidates.js'

const hit = (id: string, score: number, chunk?: number) => ({
  memory: memoryFixture({ id }),
  score,
  ...(chunk === undefined ? {} : { matchedChunk: { idx: chunk, text: `chunk ${chunk}` } }),
})

describe('collectCandidates', () => {
  test('max-pools memory and chunk cosines per memory and remembers the winning chunk', () => {
    const candidates = collectCandidates(
      { vector: [hit('a', 0.6), hit('b', 0.5)], chunk: [hit('a', 0.8, 3), hit('b', 0.4, 1)], keyword: [] },
      20,
      60,
    )
    expect(candidates.semantic.get('a')).toEqual({
      score: 0.8,
      sources: new Set(['vector', 'chunk']),
      chunk: { idx: 3, text: 'chunk 3' },
    })
    expect(candidates.semantic.get('b')).toEqual({ score: 0.5, sources: new Set(['vector', 'chunk']) })
    expect(candidates.semanticLeg).toEqual([
      { id: 'a', score: 0.8 },
      { id: 'b', score: 0.5 },
    ])
  })

  test('cuts the semantic leg to the pool, best first and ties by id', () => {
    const candidates = collectCandidates(
      { vector: [hit('c', 0.5), hit('b', 0.5), hit('a', 0.9)], chunk: [], keyword: [] },
      2,
      60,
    )
    expect(candidates.semanticLeg.map((entry) => entry.id)).toEqual(['a', 'b'])
    expect(candidates.memories.size).toBe(3)
  })

  test('sets the cover floor only when the vector leg came back full', () => {
    const vector = [hit('a', 0.9), hit('b', 0.4)]
    expect(collectCandidates({ vector, chunk: [], keyword: [] }, 20, 2).coverFloor).toBe(0.4)
    expect(collectCandidates({ vector, chunk: [], keyword: [] }, 20, 3).coverFloor).toBe(Infinity)
  })

  test("normalises keyword scores by the leg's best", () => {
    const candidates = collectCandidates(
      { vector: [], chunk: [], keyword: [hit('k', 6), hit('j', 3)] },
      20,
      60,
    )
    expect(Object.fromEntries(candidates.keywordScore)).toEqual({ k: 1, j: 0.5 })
    expect(candidates.keywordLeg).toEqual([
      { id: 'k', score: 6 },
      { id: 'j', score: 3 },
    ])
    expect(candidates.memories.has('j')).toBe(true)
  })

  test('ranks the semantic leg by the fed-back search, and keeps the cosines with the query for thresholds', () => {
    const candidates = collectCandidates(
      {
        vector: [hit('a', 0.7), hit('b', 0.4), hit('c', 0.3)],
        chunk: [],
        keyword: [hit('k', 2)],
        feedback: { vector: [hit('b', 0.9), hit('d', 0.8), hit('a', 0.5)], chunk: [hit('d', 0.85, 2)] },
      },
      2,
      3,
    )
    // Ordered by the moved query, cut to the pool: c (first search only) and a (third) are out.
    expect(candidates.semanticLeg).toEqual([
      { id: 'b', score: 0.9 },
      { id: 'd', score: 0.85 },
    ])
    expect(candidates.semanticSeen.get('d')).toEqual({
      score: 0.85,
      sources: new Set(['vector', 'chunk']),
      chunk: { idx: 2, text: 'chunk 2' },
    })
    // The cosines with the query itself, and the floor, come from the first search alone.
    expect(candidates.semantic.get('b')?.score).toBe(0.4)
    expect(candidates.semantic.has('d')).toBe(false)
    expect(candidates.coverFloor).toBe(0.3)
    expect([...candidates.memories.keys()].sort()).toEqual(['a', 'b', 'c', 'd', 'k'])
  })
})
