import { describe, expect, it } from 'vitest'
import { ANN_MIN_NAMESPACE_SHARE } from './ANN_MIN_NAMESPACE_SHARE.js'
import { prefersAnn } from './prefersAnn.js'

const facts = (rows: number, tableRows: number, ann = true, namespaceIndex = false) => ({
  rows,
  tableRows,
  ann,
  namespaceIndex,
  efSearch: null,
})

describe('prefersAnn (the ANN-or-exact decision)', () => {
  it('searches exactly while the namespace has at most exactSearchMaxRows rows', () => {
    expect(prefersAnn(facts(2_000, 2_000), 2_000)).toBe(false)
    expect(prefersAnn(facts(2_001, 2_001), 2_000)).toBe(true)
  })

  it('never uses ANN without the HNSW index', () => {
    expect(prefersAnn(facts(100_000, 100_000, false), 2_000)).toBe(false)
  })

  it('uses the namespace index at any share, but only above exactSearchMaxRows', () => {
    expect(prefersAnn(facts(10_000, 100_000, false, true), 2_000)).toBe(true)
    expect(prefersAnn(facts(2_001, 1_000_000, false, true), 2_000)).toBe(true)
    // A shrunk namespace keeps its index for a while but is scanned exactly again.
    expect(prefersAnn(facts(1_500, 100_000, false, true), 2_000)).toBe(false)
  })

  it('uses the global index only for a namespace holding at least the minimum share of the table', () => {
    const table = 100_000
    const atShare = Math.ceil(table * ANN_MIN_NAMESPACE_SHARE)
    expect(prefersAnn(facts(atShare, table), 2_000)).toBe(true)
    expect(prefersAnn(facts(atShare - 1, table), 2_000)).toBe(false)
    // A mid-size tenant (10% of the table) stays exact even far above exactSearchMaxRows.
    expect(prefersAnn(facts(10_000, table), 2_000)).toBe(false)
  })

  it('lets the row count decide alone before the first ANALYZE (table size unknown)', () => {
    expect(prefersAnn(facts(5_000, 0), 2_000)).toBe(true)
    expect(prefersAnn(facts(1_000, 0), 2_000)).toBe(false)
  })

  it("walks a namespace's own index without a count at hand, and never the global one", () => {
    expect(prefersAnn({ ...facts(0, 100_000, false, true), rows: undefined }, 2_000)).toBe(true)
    expect(prefersAnn({ ...facts(0, 100_000, false, false), rows: undefined }, 2_000)).toBe(false)
    expect(prefersAnn({ ...facts(0, 0, true, false), rows: undefined }, 2_000)).toBe(false)
  })

  it('with exactSearchMaxRows 0 any non-empty large-share namespace uses ANN', () => {
    expect(prefersAnn(facts(1, 1), 0)).toBe(true)
    expect(prefersAnn(facts(0, 0), 0)).toBe(false)
  })
})
