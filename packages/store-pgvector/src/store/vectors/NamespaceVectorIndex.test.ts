import { seededRandom } from '@agent-memory/testkit'
import { describe, expect, it } from 'vitest'
import { NamespaceVectorIndex } from './NamespaceVectorIndex.js'

const v = (...values: number[]) => Float32Array.from(values)

describe('NamespaceVectorIndex', () => {
  it('ranks by cosine similarity, best first, exact ties by id, zero vectors never', () => {
    const index = new NamespaceVectorIndex(2, 1)
    index.put('b', v(2, 0))
    index.put('a', v(1, 0))
    index.put('c', v(0, 3))
    index.put('z', v(0, 0))
    index.put('d', v(-1, 0))
    const ranked = index.rank(v(5, 0), 2)
    expect(ranked.head.map((hit) => hit.id)).toEqual(['a', 'b'])
    expect(ranked.head.map((hit) => hit.score)).toEqual([1, 1])
    expect(ranked.rest().map((hit) => [hit.id, hit.score])).toEqual([
      ['c', 0],
      ['d', -1],
    ])
    expect(index.rank(v(0, 0), 10).head).toEqual([])
  })

  it('replaces and removes rows, reusing their slots as it grows', () => {
    const index = new NamespaceVectorIndex(3, 1)
    for (let i = 0; i < 50; i++) index.put(`m${i}`, v(1, i, 0))
    expect(index.size).toBe(50)
    index.put('m10', v(0, 0, 1))
    for (let i = 20; i < 50; i++) index.remove(`m${i}`)
    index.remove('missing')
    expect(index.size).toBe(20)
    expect(index.rank(v(0, 0, 1), 1).head[0]).toEqual({ id: 'm10', score: 1 })
    index.put('n1', v(0, 0, 2))
    expect(index.size).toBe(21)
    expect(index.rank(v(0, 0, 1), 2).head.map((hit) => hit.id)).toEqual(['m10', 'n1'])
    const all = index.rank(v(1, 0, 0), 5)
    expect(all.head.length + all.rest().length).toBe(21)
  })

  it('head and rest are the full ranking a sort would give, for any depth, with ties and removed rows', () => {
    const random = seededRandom(7)
    for (let round = 0; round < 20; round++) {
      const index = new NamespaceVectorIndex(3, 4)
      const held = new Map<string, Float32Array>()
      const rows = 1 + Math.floor(random() * 60)
      for (let i = 0; i < rows; i++) {
        // Coarse values: many exact ties, and some zero vectors.
        const vector = v(...[0, 1, 2].map(() => Math.floor(random() * 3) - 1))
        const id = `r${Math.floor(random() * 1000)}`
        index.put(id, vector)
        held.set(id, vector)
        if (random() < 0.2) {
          index.remove(id)
          held.delete(id)
        }
      }
      const query = v(1, random() < 0.5 ? 1 : 0, -1)
      const cosine = (row: Float32Array) => {
        const dot = row[0]! * query[0]! + row[1]! * query[1]! + row[2]! * query[2]!
        const norms = Math.hypot(...row) * Math.hypot(...query)
        return Math.max(-1, Math.min(1, dot / norms))
      }
      const expected = [...held]
        .filter(([, row]) => Math.hypot(...row) > 0)
        .map(([id, row]) => ({ id, score: cosine(row) }))
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
      const depth = 1 + Math.floor(random() * 10)
      const ranked = index.rank(query, depth)
      const got = [...ranked.head, ...ranked.rest()]
      expect(ranked.head.length).toBe(Math.min(depth, expected.length))
      expect(got.map((hit) => hit.id)).toEqual(expected.map((hit) => hit.id))
      for (const [i, hit] of got.entries()) expect(hit.score).toBeCloseTo(expected[i]!.score, 6)
    }
  })
})
