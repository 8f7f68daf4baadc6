import { describe, expect, it } from 'vitest'
import { uuidv7 } from './uuidv7.js'

const FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('uuidv7', () => {
  it('has the RFC 9562 layout: version 7, variant 10', () => {
    for (let i = 0; i < 100; i++) expect(uuidv7()).toMatch(FORMAT)
  })

  it('puts the millisecond timestamp in the first 48 bits', () => {
    const ms = Date.UTC(2030, 0, 2, 3, 4, 5, 6)
    const id = uuidv7(ms)
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(ms)
  })

  it('is strictly increasing in a tight loop, across the 12-bit counter wrapping', () => {
    // Sizes just past the counter (4,096) and one assertion per property: the case must hold on a
    // loaded machine, where tens of thousands of expect() calls took longer than a test timeout.
    const firstUnordered = (ids: string[]) => ids.findIndex((id, i) => i > 0 && !(id > ids[i - 1]!))
    const ids = Array.from({ length: 6000 }, () => uuidv7())
    expect(firstUnordered(ids)).toBe(-1)
    expect(new Set(ids).size).toBe(ids.length)
    // One frozen millisecond, more ids than the counter holds: still ordered and well-formed.
    const frozen = Date.UTC(2031, 0, 1)
    const burst = Array.from({ length: 5000 }, () => uuidv7(frozen))
    expect(firstUnordered(burst)).toBe(-1)
    expect(burst.filter((id) => !FORMAT.test(id))).toEqual([])
  })

  it('stays ordered when the clock steps backwards', () => {
    const later = uuidv7(Date.UTC(2032, 5, 1))
    const earlierClock = uuidv7(Date.UTC(2032, 0, 1))
    expect(earlierClock > later).toBe(true)
  })
})
