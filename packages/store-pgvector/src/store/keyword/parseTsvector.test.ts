import { describe, expect, it } from 'vitest'
import { parseTsvector } from './parseTsvector.js'

describe('parseTsvector', () => {
  it('reads lexemes and counts their positions', () => {
    expect(parseTsvector("'coffe':2,5 'like':1 'tea':3A")).toEqual({
      lexemes: ['coffe', 'like', 'tea'],
      tfs: [2, 1, 1],
    })
  })

  it('undoubles quotes and backslashes and reads stripped lexemes as one occurrence', () => {
    expect(parseTsvector("'it''s':1,2,3 'a\\\\b' 'x y':4")).toEqual({
      lexemes: ["it's", 'a\\b', 'x y'],
      tfs: [3, 1, 1],
    })
  })

  it('reads the empty vector as no lexemes', () => {
    expect(parseTsvector('')).toEqual({ lexemes: [], tfs: [] })
  })
})
