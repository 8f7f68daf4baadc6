import { describe, expect, test } from 'vitest'
import { reobservedConfidence } from './reobservedConfidence.js'

describe('reobservedConfidence', () => {
  test('adds one step in log-odds: 0.4 → 0.52 → 0.64 → 0.75 with step 0.5', () => {
    const first = reobservedConfidence(0.4, 0.5)!
    const second = reobservedConfidence(first, 0.5)!
    const third = reobservedConfidence(second, 0.5)!
    expect(first).toBeCloseTo(0.5236, 4)
    expect(second).toBeCloseTo(0.6444, 4)
    expect(third).toBeCloseTo(0.7492, 4)
  })

  test('rises faster from the middle than near the ends, and never reaches 1', () => {
    const fromMiddle = reobservedConfidence(0.5, 0.5)! - 0.5
    const nearTop = reobservedConfidence(0.95, 0.5)! - 0.95
    expect(fromMiddle).toBeGreaterThan(nearTop)
    expect(reobservedConfidence(0.999_999, 0.5)!).toBeLessThan(1)
    expect(reobservedConfidence(1, 0.5)!).toBeLessThanOrEqual(1)
  })

  test('certainty zero still moves up; untracked confidence stays untracked', () => {
    expect(reobservedConfidence(0, 0.5)!).toBeGreaterThan(0)
    expect(reobservedConfidence(null, 0.5)).toBeNull()
  })
})
