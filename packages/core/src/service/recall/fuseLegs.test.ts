import { describe, expect, test } from 'vitest'
import { fuseLegs } from './fuseLegs.js'

const semantic = [
  { id: 'a', score: 0.9 },
  { id: 'b', score: 0.5 },
]
const keyword = [
  { id: 'b', score: 8 },
  { id: 'c', score: 2 },
]
const minmax = { fusion: 'minmax' as const, rrfK: 60, vectorWeight: 0.3 }
const rrf = { fusion: 'rrf' as const, rrfK: 60, vectorWeight: 0.3 }

describe('fuseLegs', () => {
  test('hybrid min-max weights the semantic leg by vectorWeight and keywords by the rest', () => {
    const fused = fuseLegs(minmax, 'hybrid', false, semantic, keyword)
    expect(fused.get('a')).toBeCloseTo(0.3, 12)
    expect(fused.get('b')).toBeCloseTo(0.7, 12)
    expect(fused.get('c')).toBeCloseTo(0, 12)
  })

  test('vector mode fuses the semantic leg alone', () => {
    const fused = fuseLegs(minmax, 'vector', false, semantic, keyword)
    expect([...fused.keys()].sort()).toEqual(['a', 'b'])
    expect(fused.get('a')).toBe(1)
  })

  test('without a query vector only the keyword leg counts, whatever the mode', () => {
    for (const mode of ['hybrid', 'vector', 'keyword'] as const) {
      const fused = fuseLegs(minmax, mode, true, semantic, keyword)
      expect([...fused.keys()].sort()).toEqual(['b', 'c'])
      expect(fused.get('b')).toBe(1)
    }
  })

  test('RRF ranks by place, ignoring magnitudes and weights', () => {
    const fused = fuseLegs(rrf, 'hybrid', false, semantic, keyword)
    const best = 2 / 61
    expect(fused.get('b')).toBeCloseTo((1 / 62 + 1 / 61) / best, 12)
    expect(fused.get('a')).toBeCloseTo(1 / 61 / best, 12)
    expect(fused.get('c')).toBeCloseTo(1 / 62 / best, 12)
    expect(fuseLegs({ ...rrf, rrfK: 10 }, 'hybrid', false, semantic, keyword).get('a')).toBeCloseTo(
      1 / 11 / (2 / 11),
      12,
    )
  })
})
