import { describe, expect, it } from 'vitest'
import { judgeSoak, type SoakThresholds } from './judgeSoak.js'
import type { SoakGauge } from './SoakGauge.js'
import type { SoakCell } from './SoakRecorder.js'

const THRESHOLDS: SoakThresholds = {
  warmupWindows: 1,
  maxDrift: 1.2,
  driftSlackMs: 0.5,
  minSamples: 50,
  maxGrowth: 0.1,
  maxDescriptorGrowth: 0.1,
}
const cell = (ms: number, errors = 0, injected = 0): SoakCell => ({
  latencies: Array.from({ length: 100 }, () => ms),
  errors,
  injected,
  messages: errors > 0 ? ['boom'] : [],
})
const gauge = (window: number, rssMb: number, fds = 40): SoakGauge => ({
  window,
  rssAfterGc: rssMb * 2 ** 20,
  heapUsed: 0,
  fdFloor: fds,
})
const flat = [gauge(0, 100), gauge(1, 300), gauge(2, 305), gauge(3, 310)]

describe('judgeSoak', () => {
  it('passes a steady run: the warm-up window is not judged, injected failures are not errors', () => {
    const cells = new Map([['search@library', [cell(50), cell(10, 0, 5), cell(11), cell(11.5)]]])
    const verdict = judgeSoak(cells, flat, THRESHOLDS)
    expect(verdict.failures).toEqual([])
    expect(verdict.drift.get('search')).toBeCloseTo(1.15)
  })

  it('fails an error outside the injected faults, a drift, RSS growth and a descriptor leak', () => {
    const cells = new Map([
      ['search@library', [cell(10), cell(10), cell(10), cell(13)]],
      ['forget@mcp', [cell(2), cell(2, 1), cell(2), cell(2)]],
    ])
    const gauges = [gauge(0, 100), gauge(1, 300), gauge(2, 320), gauge(3, 340, 50)]
    const failures = judgeSoak(cells, gauges, THRESHOLDS).failures.join('\n')
    expect(failures).toMatch(/forget@mcp: 1 error/)
    expect(failures).toMatch(/search: p50 drifted 1\.30×/)
    expect(failures).toMatch(/RSS after GC grew 13\.3%/)
    expect(failures).toMatch(/descriptors grew from 40 to 50/)
  })

  it('divides drift by the slowdown of the machine itself, and ignores rises below the slack', () => {
    const cells = new Map([
      ['search@library', [cell(10), cell(10), cell(10), cell(13)]],
      ['forget@library', [cell(1), cell(1), cell(1), cell(1.4)]],
    ])
    const probe = [cell(5).latencies, cell(5).latencies, cell(5).latencies, cell(6).latencies]
    const verdict = judgeSoak(cells, flat, THRESHOLDS, probe)
    expect(verdict.machine).toBeCloseTo(1.2)
    expect(verdict.failures).toEqual([])
    expect(judgeSoak(cells, flat, THRESHOLDS).failures).toHaveLength(1)
  })

  it('does not judge a p50 from too few calls', () => {
    const few = { ...cell(100), latencies: [100] }
    const cells = new Map([['observe@library', [cell(1), cell(1), cell(1), few]]])
    const verdict = judgeSoak(cells, flat, THRESHOLDS)
    expect(verdict.drift.get('observe')).toBeNull()
    expect(verdict.failures).toEqual([])
  })
})
