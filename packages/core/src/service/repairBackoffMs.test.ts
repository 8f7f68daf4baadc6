import { describe, expect, test } from 'vitest'
import { repairBackoffMs } from './repairBackoffMs.js'

const options = (random: number) => ({ baseMs: 1000, maxMs: 60_000, random: () => random })

describe('repairBackoffMs', () => {
  test('the ceiling doubles with each attempt, from baseMs', () => {
    expect(repairBackoffMs(0, options(1))).toBe(1000)
    expect(repairBackoffMs(1, options(1))).toBe(2000)
    expect(repairBackoffMs(3, options(1))).toBe(8000)
  })

  test('is capped at maxMs, even for absurd attempt counts', () => {
    expect(repairBackoffMs(6, options(1))).toBe(60_000)
    expect(repairBackoffMs(10_000, options(1))).toBe(60_000)
  })

  test('full jitter: uniform between 0 and the ceiling', () => {
    expect(repairBackoffMs(2, options(0))).toBe(0)
    expect(repairBackoffMs(2, options(0.5))).toBe(2000)
  })

  test('a negative attempt count waits at most baseMs', () => {
    expect(repairBackoffMs(-3, options(1))).toBe(1000)
  })
})
