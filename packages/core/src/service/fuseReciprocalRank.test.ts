import { describe, expect, test } from 'vitest'
import { fuseReciprocalRank } from './fuseReciprocalRank.js'

describe('fuseReciprocalRank', () => {
  test('shared competition ranks for ties, best possible total is 1', () => {
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

  test('a rank after a tie skips the shared places (1, 2, 2, 4)', () => {
    const fused = fuseReciprocalRank([
      [
        { id: 'a', score: 4 },
        { id: 'b', score: 3 },
        { id: 'c', score: 3 },
        { id: 'd', score: 1 },
      ],
    ])
    expect(fused.get('b')).toBeCloseTo(61 / 62, 12)
    expect(fused.get('c')).toBeCloseTo(61 / 62, 12)
    expect(fused.get('d')).toBeCloseTo(61 / 64, 12)
  })

  test('only the order counts, not the magnitudes; k flattens the curve', () => {
    const small = fuseReciprocalRank(
      [
        [
          { id: 'a', score: 0.2 },
          { id: 'b', score: 0.1 },
        ],
      ],
      10,
    )
    const large = fuseReciprocalRank(
      [
        [
          { id: 'a', score: 900 },
          { id: 'b', score: 1 },
        ],
      ],
      10,
    )
    expect(large).toEqual(small)
    expect(small.get('b')).toBeCloseTo(11 / 12, 12)
    expect(
      fuseReciprocalRank(
        [
          [
            { id: 'a', score: 0.2 },
            { id: 'b', score: 0.1 },
          ],
        ],
        1,
      ).get('b'),
    ).toBeCloseTo(2 / 3, 12)
  })

  test('no legs, no scores', () => {
    expect(fuseReciprocalRank([]).size).toBe(0)
    expect(fuseReciprocalRank([[], []]).size).toBe(0)
  })
})
