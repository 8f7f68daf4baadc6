import { describe, expect, it } from 'vitest'
import type { SearchPathFacts } from '../../context/SearchPathFacts.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { ANN_EF_SEARCH } from './ANN_EF_SEARCH.js'
import { planAnn } from './planAnn.js'

/** Just what `planAnn` reads of the context (autoIndex off: nothing is queued). */
const context = { exactSearchMaxRows: 2_000, autoIndex: false } as unknown as StoreContext

const indexed: SearchPathFacts = {
  rows: 5_000,
  tableRows: 100_000,
  ann: false,
  namespaceIndex: true,
  efSearch: null,
}

const knobs = (ef: number) => ({ 'hnsw.iterative_scan': 'relaxed_order', 'hnsw.ef_search': String(ef) })

describe('planAnn', () => {
  it.each([
    [10, ANN_EF_SEARCH],
    [300, 300],
    [5_000, 1_000],
  ])('walks a namespace index for %i rows wanted with ef_search %i and the relaxed scan', (limit, ef) => {
    expect(planAnn(context, indexed, 'big', limit)).toEqual({ index: 'namespace', settings: knobs(ef) })
  })

  it.each([
    [10, 64],
    [300, 300],
  ])('walks a namespace index calibrated to ef_search 64, for %i rows wanted, with %i', (limit, ef) => {
    expect(planAnn(context, { ...indexed, efSearch: 64 }, 'big', limit)).toEqual({
      index: 'namespace',
      settings: knobs(ef),
    })
  })

  it('walks the global index for a namespace holding most of the table and no index of its own', () => {
    const most = { ...indexed, rows: 60_000, ann: true, namespaceIndex: false }
    expect(planAnn(context, most, 'most', 10)).toEqual({ index: 'global', settings: knobs(ANN_EF_SEARCH) })
  })

  it("walks an uncounted namespace's own index and scans an uncounted one without an index exactly", () => {
    expect(planAnn(context, { ...indexed, rows: undefined }, 'big', 10)).toEqual({
      index: 'namespace',
      settings: knobs(ANN_EF_SEARCH),
    })
    expect(planAnn(context, { ...indexed, rows: undefined, namespaceIndex: false }, 'small', 10)).toBeNull()
  })

  it('plans an exact search, with no knobs, for a namespace below the threshold', () => {
    expect(planAnn(context, { ...indexed, rows: 50, namespaceIndex: false }, 'small', 10)).toBeNull()
  })
})
