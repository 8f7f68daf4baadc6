import { describe, expect, test } from 'vitest'
import { fuseMinMax } from './fuseMinMax.js'

describe('fuseMinMax', () => {
  test('per-leg rescaling, weights normalised, missing leg counts 0', () => {
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

  test('rescales each leg to [0, 1] between its own lowest and highest score', () => {
    const fused = fuseMinMax([
      {
        leg: [
          { id: 'a', score: 10 },
          { id: 'b', score: 7.5 },
          { id: 'c', score: 0 },
        ],
        weight: 2,
      },
    ])
    expect(fused.get('a')).toBeCloseTo(1, 12)
    expect(fused.get('b')).toBeCloseTo(0.75, 12)
    expect(fused.get('c')).toBeCloseTo(0, 12)
  })

  test('a leg whose scores are all equal gives each of its hits the full 1', () => {
    const fused = fuseMinMax([
      {
        leg: [
          { id: 'a', score: 0.3 },
          { id: 'b', score: 0.3 },
        ],
        weight: 1,
      },
    ])
    expect(fused.get('a')).toBe(1)
    expect(fused.get('b')).toBe(1)
  })

  test('an empty leg keeps its share of the weight; no weight at all fuses nothing', () => {
    const fused = fuseMinMax([
      { leg: [], weight: 1 },
      { leg: [{ id: 'a', score: 2 }], weight: 1 },
    ])
    expect(fused.get('a')).toBeCloseTo(0.5, 12)
    expect(fuseMinMax([{ leg: [{ id: 'a', score: 2 }], weight: 0 }]).size).toBe(0)
    expect(fuseMinMax([]).size).toBe(0)
  })
})
