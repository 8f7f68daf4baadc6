import { describe, expect, it } from 'vitest'
import type { Memory } from '../../model/Memory.js'
import { memoryFixture } from '../__fixtures__/memoryFixture.js'
import type { RecallHit } from '../MemoryService.js'
import { expandLinked } from './expandLinked.js'

const at = new Date('2026-06-01T00:00:00Z')
const memory = (id: string, overrides: Partial<Memory> = {}) =>
  memoryFixture({ id, namespace: 'ns', ...overrides })
const hit = (m: Memory): RecallHit => ({
  memory: m,
  score: 0.9,
  scores: { fused: 0.9, modifier: 1, relevance: 0.9 },
  sources: ['vector'],
})

function storeOf(...memories: Memory[]) {
  const byId = new Map(memories.map((m) => [m.id, m]))
  return {
    get: async (namespace: string, id: string) => (namespace === 'ns' ? (byId.get(id) ?? null) : null),
  }
}

describe('expandLinked', () => {
  it("appends each hit's links in order, once, after resolving supersession; drops gone and expired ones", async () => {
    const a = memory('a', { linkedMemoryIds: ['x', 'old', 'gone', 'b'] })
    const b = memory('b', { linkedMemoryIds: ['x', 'y', 'expired'] })
    const store = storeOf(
      a,
      b,
      memory('x'),
      memory('y'),
      memory('old', { supersededBy: 'mid' }),
      memory('mid', { supersededBy: 'new' }),
      memory('new'),
      memory('expired', { expiresAt: new Date(at.getTime() - 1) }),
    )
    const linked = await expandLinked({ store, now: () => at }, { namespace: 'ns', linkedLimit: 10 }, [
      hit(a),
      hit(b),
    ])
    // `b` is a hit already; `x` is listed once (from the first hit that links it).
    expect(linked.map((h) => [h.memory.id, h.linkedFrom])).toEqual([
      ['x', 'a'],
      ['new', 'a'],
      ['y', 'b'],
    ])
    expect(linked[0]).toMatchObject({ score: 0, sources: [], scores: { fused: 0, relevance: 0 } })
  })

  it('stops at linkedLimit, and a supersession cycle is a broken link', async () => {
    const a = memory('a', { linkedMemoryIds: ['loop', 'x', 'y'] })
    const store = storeOf(
      a,
      memory('x'),
      memory('y'),
      memory('loop', { supersededBy: 'loop2' }),
      memory('loop2', { supersededBy: 'loop' }),
    )
    const limited = await expandLinked({ store, now: () => at }, { namespace: 'ns', linkedLimit: 1 }, [
      hit(a),
    ])
    expect(limited.map((h) => h.memory.id)).toEqual(['x'])
    expect(
      await expandLinked({ store, now: () => at }, { namespace: 'ns', linkedLimit: 0 }, [hit(a)]),
    ).toEqual([])
  })
})
