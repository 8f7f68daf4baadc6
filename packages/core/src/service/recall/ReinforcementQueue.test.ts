import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReinforcementQueue } from './ReinforcementQueue.js'

type Group = { namespace: string; tier: string; ids: string[]; at: Date }

function queue(delayMs: number, write?: (groups: Group[]) => Promise<void>, intervalMs = 0) {
  const written: Group[] = []
  const flushes: Group[][] = []
  const errors: unknown[] = []
  const q = new ReinforcementQueue({
    delayMs,
    intervalMs,
    write: async (groups) => {
      const copies = groups.map((group) => ({ ...group, ids: [...group.ids] }))
      written.push(...copies)
      flushes.push(copies)
      await write?.(groups)
    },
    report: (error) => errors.push(error),
  })
  return { q, written, flushes, errors }
}

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s))

describe('ReinforcementQueue', () => {
  it('coalesces recalls into one group per (namespace, tier), repeats kept, latest time, all in one write', async () => {
    const { q, written, flushes } = queue(1_000_000)
    q.add('u1', 'semantic', ['a', 'b'], at(1))
    q.add('u1', 'semantic', ['a'], at(3))
    q.add('u1', 'working', ['c'], at(2))
    q.add('u2', 'semantic', ['d'], at(2))
    q.add('u2', 'semantic', [], at(9))
    expect(written).toEqual([])
    await q.flush()
    expect(written).toEqual([
      { namespace: 'u1', tier: 'semantic', ids: ['a', 'b', 'a'], at: at(3) },
      { namespace: 'u1', tier: 'working', ids: ['c'], at: at(2) },
      { namespace: 'u2', tier: 'semantic', ids: ['d'], at: at(2) },
    ])
    expect(flushes).toHaveLength(1)
    await q.flush()
    expect(flushes).toHaveLength(1)
  })

  it('writes after the delay on its own', async () => {
    const { q, written } = queue(5)
    q.add('u1', 'semantic', ['a'], at(1))
    await vi.waitFor(() => expect(written).toHaveLength(1))
  })

  it('keeps one flush in flight: what arrives meanwhile rides the next write', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const { q, written } = queue(1_000_000, () => gate)
    q.add('u1', 'semantic', ['a'], at(1))
    const first = q.flush()
    await vi.waitFor(() => expect(written).toHaveLength(1))
    q.add('u1', 'semantic', ['b'], at(2))
    q.add('u1', 'semantic', ['c'], at(3))
    const second = q.flush()
    expect(written).toHaveLength(1) // waits for the one in flight
    release()
    await Promise.all([first, second])
    expect(written.map((group) => group.ids)).toEqual([['a'], ['b', 'c']])
  })

  it('flushes at once past 8192 pending ids, without waiting for the delay or the interval', async () => {
    const { q, written } = queue(1_000_000, undefined, 1_000_000)
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => `m${from + i}`)
    q.add('u1', 'semantic', ids(0, 8191), at(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(written).toHaveLength(0)
    q.add('u1', 'semantic', ids(8191, 1), at(2))
    await vi.waitFor(() => expect(written).toHaveLength(1))
    expect(written[0]!.ids).toHaveLength(8192)
  })

  describe('the interval between writes', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('writes a lone recall after the delay, and later recalls no sooner than the interval after that write', async () => {
      vi.useFakeTimers()
      const { q, flushes } = queue(100, undefined, 1_000)
      q.add('u1', 'semantic', ['a'], at(1))
      await vi.advanceTimersByTimeAsync(99)
      expect(flushes).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(1)
      expect(flushes).toHaveLength(1)
      // Recalls right after the write wait for the interval, all riding one write.
      q.add('u1', 'semantic', ['b'], at(2))
      await vi.advanceTimersByTimeAsync(500)
      q.add('u2', 'semantic', ['c'], at(3))
      await vi.advanceTimersByTimeAsync(499)
      expect(flushes).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(flushes).toHaveLength(2)
      expect(flushes[1]!.map((group) => group.ids)).toEqual([['b'], ['c']])
      // A recall long after the last write waits only the delay again.
      await vi.advanceTimersByTimeAsync(5_000)
      q.add('u1', 'semantic', ['d'], at(4))
      await vi.advanceTimersByTimeAsync(100)
      expect(flushes).toHaveLength(3)
    })

    it('an explicit flush writes at once, whatever the interval', async () => {
      vi.useFakeTimers()
      const { q, flushes } = queue(100, undefined, 60_000)
      q.add('u1', 'semantic', ['a'], at(1))
      await q.flush()
      q.add('u1', 'semantic', ['b'], at(2))
      await q.flush()
      expect(flushes.map((flush) => flush.map((group) => group.ids))).toEqual([[['a']], [['b']]])
    })
  })

  it('reports a failed write and keeps going', async () => {
    let fail = true
    const { q, written, errors } = queue(1_000_000, async () => {
      if (fail) throw new Error('database went away')
    })
    q.add('u1', 'semantic', ['a'], at(1))
    await q.flush()
    expect(errors).toHaveLength(1)
    fail = false
    q.add('u1', 'semantic', ['b'], at(2))
    await q.flush()
    expect(written.map((group) => group.ids)).toEqual([['a'], ['b']])
    expect(errors).toHaveLength(1)
  })

  it('close flushes what is queued, then drops later reinforcements deliberately', async () => {
    const { q, written } = queue(1_000_000)
    q.add('u1', 'semantic', ['a'], at(1))
    await q.close()
    expect(written).toHaveLength(1)
    q.add('u1', 'semantic', ['b'], at(2))
    await q.flush()
    expect(written).toHaveLength(1)
  })
})
