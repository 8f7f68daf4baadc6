import { describe, expect, test } from 'vitest'
import { FIXTURE_NOW, memoryFixture } from './__fixtures__/memoryFixture.js'
import { rankingModifier } from './rankingModifier.js'

const now = FIXTURE_NOW
const memory = memoryFixture

describe('rankingModifier', () => {
  test('stays within 1 ± maxAdjustment at the extremes', () => {
    const best = rankingModifier(memory({ importance: 1, confidence: null }), now)
    const worst = rankingModifier(memory({ importance: 0, confidence: 0, lastAccessedAt: new Date(0) }), now)
    expect(best).toBeCloseTo(1.1, 10)
    expect(worst).toBeGreaterThanOrEqual(0.9)
    expect(worst).toBeLessThan(0.901)
    expect(rankingModifier(memory({ importance: 1 }), now, { maxAdjustment: 0.15 })).toBeCloseTo(1.15, 10)
  })

  test('assessed importance stands in for importance; recency halves at the half-life', () => {
    const assessed = rankingModifier(memory({ importance: 0, assessedImportance: 1 }), now, {
      recencyWeight: 0,
      confidenceWeight: 0,
    })
    expect(assessed).toBeCloseTo(1.1, 10)
    const halfLifeOld = rankingModifier(memory({ lastAccessedAt: new Date(now.getTime() - 1000) }), now, {
      importanceWeight: 0,
      confidenceWeight: 0,
      recencyHalfLifeMs: 1000,
    })
    expect(halfLifeOld).toBeCloseTo(1, 10)
  })
})
