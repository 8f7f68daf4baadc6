import { describe, expect, test } from 'vitest'
import { memoryFixture } from '../__fixtures__/memoryFixture.js'
import { sessionSupport } from './sessionSupport.js'

const T0 = Date.parse('2026-03-01T10:00:00Z')
const at = (seconds: number) => new Date(T0 + seconds * 1000)
const memory = (id: string, seconds: number, stream: string | null = 'chat-1') =>
  memoryFixture({ id, createdAt: at(seconds), metadata: stream === null ? {} : { stream } })
/** Two sittings of one conversation an hour apart, and a fact outside any stream. */
const memories = new Map(
  [
    memory('a1', 0),
    memory('a2', 1),
    memory('a3', 2),
    memory('b1', 3_600),
    memory('b2', 3_601),
    memory('fact', 10, null),
  ].map((m) => [m.id, m]),
)
const options = { sessionShare: 0.5, windowMs: 60_000, streamKey: 'stream' }

describe('sessionSupport', () => {
  test('a matched memory gains share × its session’s summed relevance / the best session’s × the best relevance', () => {
    const fused = new Map([
      ['a1', 0.2],
      ['a3', 0.2],
      ['b1', 1],
      ['fact', 0.9],
    ])
    const supported = sessionSupport(fused, fused, memories, options)
    // Session a sums 0.4, session b 1 (the best): b1 gains 0.5, a1 and a3 gain 0.5 × 0.4 each.
    expect(supported.get('b1')).toBeCloseTo(1.5, 12)
    expect(supported.get('a1')).toBeCloseTo(0.4, 12)
    expect(supported.get('a3')).toBeCloseTo(0.4, 12)
    // Unmatched turns of a session gain nothing; a memory without a stream is alone.
    expect(supported.has('a2')).toBe(false)
    expect(supported.has('b2')).toBe(false)
    expect(supported.get('fact')).toBe(0.9)
  })

  test('adds to the relevance it is given (loans included) and leaves the maps it was given alone', () => {
    const fused = new Map([['a1', 0.5]])
    const relevance = new Map([
      ['a1', 0.5],
      ['a2', 0.25],
    ])
    const supported = sessionSupport(fused, relevance, memories, options)
    expect(supported.get('a1')).toBeCloseTo(0.75, 12)
    expect(supported.get('a2')).toBe(0.25)
    expect(relevance.get('a1')).toBe(0.5)
  })

  test('share 0 or NaN changes nothing', () => {
    const fused = new Map([
      ['a1', 0.5],
      ['b1', 1],
    ])
    for (const sessionShare of [0, Number.NaN])
      expect(sessionSupport(fused, fused, memories, { ...options, sessionShare })).toEqual(fused)
  })
})
