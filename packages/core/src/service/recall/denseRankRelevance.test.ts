import { describe, expect, test } from 'vitest'
import { denseRankRelevance } from './denseRankRelevance.js'

describe('denseRankRelevance', () => {
  test('gives 1 / dense rank, equal values sharing one', () => {
    const relevance = denseRankRelevance(
      new Map([
        ['a', 0.9],
        ['b', 0.5],
        ['c', 0.9],
        ['d', 0.1],
      ]),
    )
    expect(Object.fromEntries(relevance)).toEqual({ a: 1, b: 1 / 2, c: 1, d: 1 / 3 })
  })

  test('is empty for no values', () => {
    expect(denseRankRelevance(new Map()).size).toBe(0)
  })
})
