import { describe, expect, test } from 'vitest'
import type { ServiceScenarioSuite } from './ServiceScenarioSuite.js'

let run = 0
const namespace = (label: string) => `scenario-sweep-${label}-${process.pid}-${++run}`
const HOUR = 3_600_000

/** `sweep`: expired memories go for good, as of the service's clock or a given `now`. */
export function describeSweepScenarios(suite: ServiceScenarioSuite): void {
  const { serviceWith, timeout } = suite
  describe('expiry sweep', () => {
    test(
      'sweep removes what the tier lifetimes expired, and only that',
      async () => {
        const { memory } = serviceWith({ ttlMs: { working: HOUR } })
        const ns = namespace('ttl')
        const note = await memory.remember(ns, { content: 'The parcel arrives at noon', tier: 'working' })
        const fact = await memory.remember(ns, { content: 'Ada is allergic to peanuts' })
        const early = await memory.sweep({ namespace: ns })
        expect(early).toEqual({ expired: 0, history: 0, chunks: 0, namespaces: [] })
        const later = new Date(Date.now() + 2 * HOUR)
        expect(await memory.sweep({ namespace: ns, now: later })).toEqual({
          expired: 1,
          history: 0,
          chunks: 0,
          namespaces: [ns],
        })
        expect(await memory.get(ns, note.id)).toBeNull()
        expect(await memory.get(ns, fact.id)).not.toBeNull()
      },
      timeout,
    )

    test(
      'sweep validates its options',
      async () => {
        const { memory } = serviceWith()
        await expect(memory.sweep({ namespace: '' })).rejects.toThrow(/namespace/)
        await expect(memory.sweep({ now: new Date(Number.NaN) })).rejects.toThrow(/now/)
        await expect(memory.sweep({ when: 1 } as never)).rejects.toThrow(/when: unknown option/)
        expect(() => serviceWith({ sweepIntervalMs: 10 })).toThrow(/sweepIntervalMs must be .* at least 1000/)
      },
      timeout,
    )

    test(
      'sweepIntervalMs sweeps in the background until close',
      async () => {
        const ns = namespace('background')
        const { memory: writer } = serviceWith()
        const gone = await writer.remember(ns, {
          content: 'A reminder that has already expired',
          tier: 'working',
          expiresAt: new Date(Date.now() - HOUR),
        })
        const { memory } = serviceWith({ sweepIntervalMs: 1_000 })
        for (let waited = 0; waited < 20 && (await writer.get(ns, gone.id)) !== null; waited++) {
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
        expect(await writer.get(ns, gone.id)).toBeNull()
        await memory.close()
      },
      timeout,
    )
  })
}
