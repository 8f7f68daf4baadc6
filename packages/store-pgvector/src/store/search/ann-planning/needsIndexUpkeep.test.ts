import { describe, expect, it } from 'vitest'
import { needsIndexUpkeep } from './needsIndexUpkeep.js'

const facts = (rows: number, namespaceIndex: boolean, ann = false, tableRows = 100_000) => ({
  rows,
  tableRows,
  ann,
  namespaceIndex,
  efSearch: null,
})

describe('needsIndexUpkeep (when a search queues index maintenance)', () => {
  it('asks for an index once a namespace passes exactSearchMaxRows, not before', () => {
    expect(needsIndexUpkeep(facts(2_000, false), 2_000)).toBe(false)
    expect(needsIndexUpkeep(facts(2_001, false), 2_000)).toBe(true)
  })

  it('keeps an index until the namespace shrinks below half the threshold', () => {
    expect(needsIndexUpkeep(facts(5_000, true), 2_000)).toBe(false)
    expect(needsIndexUpkeep(facts(1_000, true), 2_000)).toBe(false)
    expect(needsIndexUpkeep(facts(999, true), 2_000)).toBe(true)
  })

  it('asks for nothing while the namespace is uncounted', () => {
    expect(needsIndexUpkeep({ ...facts(0, false), rows: undefined }, 2_000)).toBe(false)
    expect(needsIndexUpkeep({ ...facts(0, true), rows: undefined }, 2_000)).toBe(false)
  })

  it('asks for nothing when the global index already serves the namespace', () => {
    expect(needsIndexUpkeep(facts(60_000, false, true), 2_000)).toBe(false)
    expect(needsIndexUpkeep(facts(10_000, false, true), 2_000)).toBe(true)
  })
})
