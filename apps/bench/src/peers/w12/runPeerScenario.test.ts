import { describe, expect, it } from 'vitest'
import type { PeerPlan } from './PeerPlan.js'
import type { PeerSide } from './PeerSide.js'
import { runPeerScenario } from './runPeerScenario.js'

const plan: PeerPlan = {
  side: 'ours-postgres',
  embedderUrl: 'http://127.0.0.1:1/v1',
  dimensions: 8,
  solo: 30,
  checkpoints: [10, 30],
  users: 4,
  perUser: 3,
  queries: 20,
  warmup: 2,
  k: 5,
  batch: 7,
  resultFile: '',
}

/** A side that keeps memories in a map and misbehaves where told to. */
function mapSide(misbehave: { leakInto?: string; truncateSoloTo?: number }): PeerSide & { writes: number[] } {
  const byUser = new Map<string, string[]>()
  const writes: number[] = []
  return {
    describe: {},
    writes,
    add: async (user, texts) => {
      writes.push(texts.length)
      byUser.set(user, [...(byUser.get(user) ?? []), ...texts])
    },
    search: async (user, _query, k) => {
      let hits = (byUser.get(user) ?? []).slice(0, k)
      if (user === 'solo-user' && misbehave.truncateSoloTo !== undefined)
        hits = hits.slice(0, misbehave.truncateSoloTo)
      if (user === misbehave.leakInto) hits = [...hits.slice(1), byUser.get('user-0')![0]!]
      return hits
    },
    close: async () => {},
  }
}

describe('runPeerScenario', () => {
  it('writes in batches and finds a well-behaved side complete and isolated', async () => {
    const side = mapSide({})
    const result = await runPeerScenario(side, plan)
    expect(side.writes.reduce((a, b) => a + b, 0)).toBe(30 + 4 * 3)
    expect(Math.max(...side.writes)).toBeLessThanOrEqual(plan.batch)
    expect(result.search.map((s) => s.label)).toEqual([
      '1 user × 10',
      '1 user × 30',
      '4 users × 3 (+ 1 × 30)',
    ])
    for (const s of result.search) {
      expect(s.queries).toBe(20)
      expect(s.complete).toBe(20)
      expect(s.violations).toBe(0)
    }
    expect(result.search[2]!.rowsPerUser).toBe(3)
    expect(result.soloIngest.memories).toBe(30)
  })

  it("waits for the side's background work after the warm-up, before each measured window", async () => {
    const side = mapSide({})
    const calls: string[] = []
    const search = side.search
    side.search = async (...args) => {
      calls.push('search')
      return search(...args)
    }
    side.settle = async () => {
      calls.push('settle')
    }
    const result = await runPeerScenario(side, plan)
    const window = [...Array(plan.warmup).fill('search'), 'settle', ...Array(plan.queries).fill('search')]
    // A window per checkpoint, the one search for the last text written, the many users' window.
    expect(calls).toEqual([...window, ...window, 'search', ...window])
    for (const s of result.search) expect(s.settle.roundTrips).toBe(0)
  })

  it('counts short answers as incomplete and another user’s hits as violations', async () => {
    const result = await runPeerScenario(mapSide({ truncateSoloTo: 3, leakInto: 'user-2' }), plan)
    expect(result.search[0]!.complete).toBe(0)
    const many = result.search[2]!
    expect(many.violations).toBeGreaterThan(0)
    expect(many.violations).toBeLessThan(20)
    expect(many.unknownHits).toBe(0)
  })
})
