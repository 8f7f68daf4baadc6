import { describe, expect, it } from 'vitest'
import { measureMemoryFloor } from './measureMemoryFloor.js'
import { timesTheFloor } from './timesTheFloor.js'

describe('measureMemoryFloor', () => {
  it('times passes over W6-sized arrays once per process, and search rows divide by its float32 p50', () => {
    const floor = measureMemoryFloor()
    expect(floor.rows * floor.dimensions).toBe(10_000 * 1536)
    expect(floor.float32BestMs).toBeGreaterThan(0)
    expect(floor.float32Ms).toBeGreaterThanOrEqual(floor.float32BestMs)
    expect(floor.int8Ms).toBeGreaterThanOrEqual(floor.int8BestMs)
    expect(floor.gigabytesPerSecond).toBeCloseTo((10_000 * 1536 * 4) / (floor.float32Ms / 1000) / 1e9, 6)
    expect(measureMemoryFloor()).toBe(floor)
    // 2.34, not 2.25: a product divided back can land a hair under a rounding boundary.
    expect(timesTheFloor(floor.float32Ms * 2.34, floor)).toBe('2.3× the floor')
    expect(timesTheFloor(floor.float32Ms, floor)).toBe('1.0× the floor')
  })
})
