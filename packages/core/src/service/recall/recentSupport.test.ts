import { describe, expect, test } from 'vitest'
import { memoryFixture } from '../__fixtures__/memoryFixture.js'
import { recentSupport } from './recentSupport.js'

const DAY_MS = 86_400_000
const ASKED = new Date('2026-03-01T00:00:00Z')
const daysBefore = (days: number) => new Date(ASKED.getTime() - days * DAY_MS)
const memories = new Map(
  [
    memoryFixture({ id: 'today', createdAt: ASKED }),
    memoryFixture({ id: 'last-week', createdAt: daysBefore(10) }),
    memoryFixture({ id: 'years-ago', createdAt: daysBefore(1_000) }),
    memoryFixture({ id: 'later', createdAt: new Date(ASKED.getTime() + DAY_MS) }),
  ].map((m) => [m.id, m]),
)
const options = { share: 0.1, halfLifeMs: 10 * DAY_MS }

describe('recentSupport', () => {
  test('a memory gains share × the best relevance, halved for every half-life of age before the reference', () => {
    const relevance = new Map([
      ['today', 0.5],
      ['last-week', 0.5],
      ['years-ago', 1],
      ['later', 0.2],
    ])
    const supported = recentSupport(relevance, memories, ASKED, options)
    expect(supported.get('today')).toBeCloseTo(0.5 + 0.1, 12)
    expect(supported.get('last-week')).toBeCloseTo(0.5 + 0.05, 12)
    // A thousand days (a hundred half-lives) before the question: nothing to speak of.
    expect(supported.get('years-ago')).toBeCloseTo(1, 12)
    // Dated after the reference: counts as written at it.
    expect(supported.get('later')).toBeCloseTo(0.2 + 0.1, 12)
    expect(relevance.get('today')).toBe(0.5)
  })

  test('the reference decides what is recent: the same memories asked about a year later gain nothing', () => {
    const relevance = new Map([
      ['today', 0.5],
      ['years-ago', 1],
    ])
    const yearLater = new Date(ASKED.getTime() + 365 * DAY_MS)
    const supported = recentSupport(relevance, memories, yearLater, options)
    expect(supported.get('today')).toBeCloseTo(0.5, 9)
  })

  test('share or half-life 0 or NaN changes nothing', () => {
    const relevance = new Map([['today', 0.5]])
    for (const share of [0, Number.NaN])
      expect(recentSupport(relevance, memories, ASKED, { ...options, share })).toEqual(relevance)
    for (const halfLifeMs of [0, Number.NaN])
      expect(recentSupport(relevance, memories, ASKED, { ...options, halfLifeMs })).toEqual(relevance)
  })
})
