import { describe, expect, test } from 'vitest'
import { memoryFixture } from '../__fixtures__/memoryFixture.js'
import { lendToNeighbours } from './lendToNeighbours.js'

const T0 = Date.parse('2026-03-01T10:00:00Z')
const at = (seconds: number) => new Date(T0 + seconds * 1000)
/** Six turns of one conversation, a second apart, and one written a day later. */
const memories = new Map(
  [
    ['t0', at(0)],
    ['t1', at(1)],
    ['t2', at(2)],
    ['t3', at(3)],
    ['t4', at(4)],
    ['t5', at(5)],
    ['later', at(86_400)],
  ].map(([id, createdAt]) => [
    id as string,
    memoryFixture({ id: id as string, createdAt: createdAt as Date, metadata: { stream: 'chat-1' } }),
  ]),
)
const options = {
  share: 0.5,
  windowMs: 60_000,
  perSide: 2,
  decay: 0.5,
  seeds: 10,
  streamKey: 'stream',
  borrowerMaxLength: 400,
  sessionShare: 0,
}

describe('lendToNeighbours', () => {
  test('lends share × decay^(k−1) of a seed to its k-th neighbour on each side, within the window', () => {
    const { relevance, lent } = lendToNeighbours(new Map([['t2', 0.8]]), memories, options)
    expect(relevance.get('t2')).toBe(0.8)
    expect(relevance.get('t1')).toBeCloseTo(0.4, 12)
    expect(relevance.get('t3')).toBeCloseTo(0.4, 12)
    expect(relevance.get('t0')).toBeCloseTo(0.2, 12)
    expect(relevance.get('t4')).toBeCloseTo(0.2, 12)
    expect(relevance.has('t5')).toBe(false)
    expect(lent.get('t1')).toEqual({ amount: expect.closeTo(0.4, 12), from: 't2', fraction: 0.5 })
  })

  test('adds a loan to a memory the legs found, and keeps only the largest loan a memory is offered', () => {
    const fused = new Map([
      ['t1', 0.9],
      ['t3', 0.6],
      ['t2', 0.1],
    ])
    const { relevance, lent } = lendToNeighbours(fused, memories, options)
    // t2 sits between both seeds: it keeps t1's loan (0.45), not the sum with t3's (0.3).
    expect(relevance.get('t2')).toBeCloseTo(0.1 + 0.45, 12)
    expect(lent.get('t2')?.from).toBe('t1')
    // Bounded: nothing gains more than share × the best seed.
    for (const loan of lent.values()) expect(loan.amount).toBeLessThanOrEqual(0.5 * 0.9)
  })

  test('never crosses the time window, and lends nothing when turned off or without a positive seed', () => {
    const far = lendToNeighbours(new Map([['later', 1]]), memories, options)
    expect([...far.lent.keys()]).toEqual([])
    expect(lendToNeighbours(new Map([['t2', 1]]), memories, { ...options, share: 0 }).lent.size).toBe(0)
    expect(lendToNeighbours(new Map([['t2', 0]]), memories, options).lent.size).toBe(0)
  })

  test('a memory longer than borrowerMaxLength borrows nothing but keeps its place on its side', () => {
    const long = new Map(memories)
    long.set(
      't1',
      memoryFixture({ id: 't1', createdAt: at(1), metadata: { stream: 'chat-1' }, content: 'x'.repeat(401) }),
    )
    const { relevance, lent } = lendToNeighbours(new Map([['t2', 0.8]]), long, options)
    expect(lent.has('t1')).toBe(false)
    expect(relevance.has('t1')).toBe(false)
    // t0 is still the second neighbour on that side, at decay × share.
    expect(lent.get('t0')).toEqual({ amount: expect.closeTo(0.2, 12), from: 't2', fraction: 0.25 })
    // The long memory still lends to its own neighbours.
    const lending = lendToNeighbours(new Map([['t1', 0.8]]), long, options)
    expect(lending.lent.get('t2')?.from).toBe('t1')
    const everyone = lendToNeighbours(new Map([['t2', 0.8]]), long, {
      ...options,
      borrowerMaxLength: Infinity,
    })
    expect(everyone.lent.get('t1')?.amount).toBeCloseTo(0.4, 12)
  })

  test('only the best `seeds` hits lend', () => {
    const fused = new Map([
      ['t0', 0.9],
      ['t5', 0.2],
    ])
    const { lent } = lendToNeighbours(fused, memories, { ...options, seeds: 1 })
    expect([...lent.values()].every((loan) => loan.from === 't0')).toBe(true)
  })

  test('memories stamped the same instant (one batch) are not neighbours; the walk goes past them', () => {
    const batch = new Map(
      [
        ['b1', at(10)],
        ['b2', at(10)],
        ['b3', at(10)],
        ['before', at(9)],
      ].map(([id, createdAt]) => [
        id as string,
        memoryFixture({ id: id as string, createdAt: createdAt as Date, metadata: { stream: 7 } }),
      ]),
    )
    const { lent } = lendToNeighbours(new Map([['b2', 1]]), batch, options)
    expect([...lent.keys()]).toEqual(['before'])
    expect(lent.get('before')?.fraction).toBe(0.5)
  })

  test('lends only within a stream: interleaved turns of two conversations and facts without one', () => {
    const mixed = new Map(
      (
        [
          ['a1', 0, { stream: 'a' }],
          ['b1', 1, { stream: 'b' }],
          ['fact', 2, {}],
          ['a2', 3, { stream: 'a' }],
          ['b2', 4, { stream: 'b' }],
          ['a3', 5, { stream: 'a' }],
          ['blank', 6, { stream: '' }],
        ] as const
      ).map(([id, seconds, metadata]) => [id, memoryFixture({ id, createdAt: at(seconds), metadata })]),
    )
    const { lent } = lendToNeighbours(new Map([['a2', 1]]), mixed, options)
    // a2's nearest turns are its own stream's, however many other memories were written between.
    expect([...lent.keys()].sort()).toEqual(['a1', 'a3'])
    expect(lent.get('a1')?.fraction).toBe(0.5)
    expect(lendToNeighbours(new Map([['fact', 1]]), mixed, options).lent.size).toBe(0)
    expect(lendToNeighbours(new Map([['blank', 1]]), mixed, options).lent.size).toBe(0)
    // Another key names the stream when the caller says so.
    const bySession = new Map(
      [0, 1, 2].map((seconds) => [
        `s${seconds}`,
        memoryFixture({ id: `s${seconds}`, createdAt: at(seconds), metadata: { session: 'x' } }),
      ]),
    )
    expect(lendToNeighbours(new Map([['s1', 1]]), bySession, options).lent.size).toBe(0)
    const keyed = lendToNeighbours(new Map([['s1', 1]]), bySession, { ...options, streamKey: 'session' })
    expect([...keyed.lent.keys()].sort()).toEqual(['s0', 's2'])
  })
})
