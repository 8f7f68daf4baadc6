import { describe, expect, it } from 'vitest'
import { bm25Idf } from './bm25Idf.js'

describe('bm25Idf', () => {
  it('is Okapi BM25 idf in its non-negative form', () => {
    expect(bm25Idf(10, 1)).toBeCloseTo(Math.log(1 + 9.5 / 1.5), 12)
    expect(bm25Idf(1000, 10)).toBeCloseTo(Math.log(1 + 990.5 / 10.5), 12)
  })

  it('falls as a term gets commoner, and stays positive for a term in every document', () => {
    const rows = 50
    const idfs = Array.from({ length: rows }, (_, i) => bm25Idf(rows, i + 1))
    for (let i = 1; i < idfs.length; i++) expect(idfs[i]!).toBeLessThan(idfs[i - 1]!)
    expect(bm25Idf(rows, rows)).toBeGreaterThan(0)
  })
})
