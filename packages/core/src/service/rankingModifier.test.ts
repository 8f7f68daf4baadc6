import { describe, expect, test } from 'vitest'
import { FIXTURE_NOW, memoryFixture } from './__fixtures__/memoryFixture.js'
import { fuseMinMax } from './fuseMinMax.js'
import { fuseReciprocalRank } from './fuseReciprocalRank.js'
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

describe('fusion', () => {
  test('RRF: shared competition ranks for ties, best possible total is 1', () => {
    const fused = fuseReciprocalRank(
      [
        [
          { id: 'a', score: 0.9 },
          { id: 'b', score: 0.9 },
          { id: 'c', score: 0.1 },
        ],
        [{ id: 'a', score: 3 }],
      ],
      60,
    )
    expect(fused.get('a')).toBeCloseTo(1, 10)
    expect(fused.get('b')).toBeCloseTo(61 / 61 / 2, 10)
    expect(fused.get('c')).toBeCloseTo(61 / 63 / 2, 10)
  })

  test('min-max: per-leg rescaling, weights normalised, missing leg counts 0', () => {
    const fused = fuseMinMax([
      {
        leg: [
          { id: 'a', score: 0.8 },
          { id: 'b', score: 0.4 },
        ],
        weight: 1,
      },
      { leg: [{ id: 'b', score: 7 }], weight: 3 },
    ])
    expect(fused.get('a')).toBeCloseTo(0.25, 10)
    expect(fused.get('b')).toBeCloseTo(0.75, 10)
  })
})
