import { describe, expect, test } from 'vitest'
import { movedQueryVector } from './movedQueryVector.js'

describe('movedQueryVector', () => {
  test('adds weight × the mean of the unit feedback vectors to the unit query', () => {
    const moved = movedQueryVector(
      Float32Array.from([2, 0, 0]),
      [Float32Array.from([0, 3, 0]), Float32Array.from([0, 0, 0.5])],
      0.5,
    )
    expect([...moved]).toEqual([1, 0.25, 0.25])
  })

  test('leaves the query it was given untouched and a zero feedback vector adds nothing', () => {
    const query = Float32Array.from([0, 4])
    const moved = movedQueryVector(query, [Float32Array.from([0, 0])], 1)
    expect([...moved]).toEqual([0, 1])
    expect([...query]).toEqual([0, 4])
  })
})
