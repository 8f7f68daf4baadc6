import { describe, expect, it, vi } from 'vitest'
import { ReinforcementQueue } from './ReinforcementQueue.js'

type Group = { namespace: string; tier: string; ids: string[]; at: Date }

function queue(delayMs: number, write?: (groups: Group[]) => Promise<void>) {
  const written: Group[] = []
  const flushes: Group[][] = []
  const errors: unknown[] = []
  const q = new ReinforcementQueue({
    delayMs,
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

  it('flushes at once past 512 pending ids, without waiting for the delay', async () => {
    const { q, written } = queue(1_000_000)
    q.add(
      'u1',
      'semantic',
      Array.from({ length: 512 }, (_, i) => `m${i}`),
      at(1),
    )
    await vi.waitFor(() => expect(written).toHaveLength(1))
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
