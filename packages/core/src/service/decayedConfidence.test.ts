import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { TIERS } from '../model/Tier.js'
import { FIXTURE_NOW, memoryFixture } from './__fixtures__/memoryFixture.js'
import { DEFAULT_CONFIDENCE_DECAY } from './DEFAULT_CONFIDENCE_DECAY.js'
import { decayedConfidence } from './decayedConfidence.js'
import { rankingModifier } from './rankingModifier.js'
import { reobservedConfidence } from './reobservedConfidence.js'

const DAY_MS = 86_400_000
const YEAR_MS = 365 * DAY_MS
const { floor } = DEFAULT_CONFIDENCE_DECAY
const tier = fc.constantFrom(...TIERS)
const stored = fc.double({ min: 0, max: 1, noNaN: true })
const age = fc.integer({ min: 0, max: 50 * YEAR_MS })
const at = (ms: number) => new Date(FIXTURE_NOW.getTime() + ms)

describe('decayedConfidence', () => {
  test('without reinforcement it never rises as time passes', () => {
    fc.assert(
      fc.property(tier, stored, age, age, (t, c, a, b) => {
        const memory = memoryFixture({ tier: t, confidence: c })
        const [early, late] = a <= b ? [a, b] : [b, a]
        expect(decayedConfidence(memory, at(late))!).toBeLessThanOrEqual(
          decayedConfidence(memory, at(early))!,
        )
      }),
    )
  })

  test('stays within [min(stored, floor), stored], and never below the floor from above it', () => {
    fc.assert(
      fc.property(tier, stored, age, (t, c, a) => {
        const value = decayedConfidence(memoryFixture({ tier: t, confidence: c }), at(a))!
        expect(value).toBeLessThanOrEqual(c)
        expect(value).toBeGreaterThanOrEqual(Math.min(c, floor))
      }),
    )
  })

  test('a re-observation raises it above what it had decayed to, and decay starts again from then', () => {
    fc.assert(
      fc.property(
        tier,
        fc.double({ min: floor, max: 0.99, noNaN: true }),
        age,
        fc.integer({ min: 0, max: 5 * YEAR_MS }),
        (t, c, sinceWrite, sinceReobserved) => {
          const written = memoryFixture({ tier: t, confidence: c })
          const reobservedAt = at(sinceWrite)
          const before = decayedConfidence(written, reobservedAt)!
          const after = reobservedConfidence(before, 0.5)!
          expect(after).toBeGreaterThan(before)
          const reinforced = memoryFixture({ tier: t, confidence: after, observedAt: reobservedAt })
          const later = at(sinceWrite + sinceReobserved)
          // At any later instant the re-observed fact is at least as confident as the one left alone.
          expect(decayedConfidence(reinforced, later)!).toBeGreaterThanOrEqual(
            decayedConfidence(written, later)!,
          )
        },
      ),
    )
  })

  test('halves its height above the floor per half-life, from the last observation; durable tiers fade slowest', () => {
    const semantic = memoryFixture({ tier: 'semantic', confidence: 0.4 })
    expect(decayedConfidence(semantic, at(180 * DAY_MS))).toBeCloseTo(0.25, 12)
    expect(decayedConfidence(semantic, at(360 * DAY_MS))).toBeCloseTo(0.175, 12)
    const observedLater = memoryFixture({ tier: 'semantic', confidence: 0.4, observedAt: at(180 * DAY_MS) })
    expect(decayedConfidence(observedLater, at(180 * DAY_MS))).toBe(0.4)
    const after30Days = (t: (typeof TIERS)[number]) =>
      decayedConfidence(memoryFixture({ tier: t, confidence: 0.8 }), at(30 * DAY_MS))!
    expect(after30Days('procedural')).toBeGreaterThan(after30Days('semantic'))
    expect(after30Days('semantic')).toBeGreaterThan(after30Days('episodic'))
    expect(after30Days('episodic')).toBeGreaterThan(after30Days('working'))
  })

  test('an imported fact dated three years ago has not been observed since', () => {
    const imported = memoryFixture({ confidence: 0.9, createdAt: at(-3 * YEAR_MS) })
    expect(decayedConfidence(imported, FIXTURE_NOW)!).toBeLessThan(0.12)
  })

  test('untracked stays null; a disabled tier, a future date and the floor itself do not move', () => {
    expect(decayedConfidence(memoryFixture({ confidence: null }), at(YEAR_MS))).toBeNull()
    const off = {
      ...DEFAULT_CONFIDENCE_DECAY,
      halfLifeMs: { ...DEFAULT_CONFIDENCE_DECAY.halfLifeMs, semantic: 0 },
    }
    expect(decayedConfidence(memoryFixture({ confidence: 0.7 }), at(YEAR_MS), off)).toBe(0.7)
    expect(decayedConfidence(memoryFixture({ confidence: 0.7 }), at(-YEAR_MS))).toBe(0.7)
    expect(decayedConfidence(memoryFixture({ confidence: 0.05 }), at(YEAR_MS))).toBe(0.05)
  })

  test('the ranking modifier ranks with the decayed value', () => {
    fc.assert(
      fc.property(
        tier,
        fc.double({ min: 0.2, max: 1, noNaN: true }),
        fc.integer({ min: DAY_MS, max: 10 * YEAR_MS }),
        (t, c, a) => {
          const fresh = memoryFixture({ tier: t, confidence: c, observedAt: at(a) })
          const stale = memoryFixture({ tier: t, confidence: c })
          const now = at(a)
          expect(rankingModifier(stale, now)).toBeLessThan(rankingModifier(fresh, now))
          // Exactly the modifier of a memory whose stored confidence is already the decayed one.
          const asIf = memoryFixture({ tier: t, confidence: decayedConfidence(stale, now), observedAt: now })
          expect(rankingModifier(stale, now)).toBeCloseTo(rankingModifier(asIf, now), 12)
        },
      ),
    )
  })
})
