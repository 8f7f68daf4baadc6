import { describe, expect, it } from 'vitest'
import type { PeerResult } from './PeerResult.js'
import { renderPeersReport } from './renderPeersReport.js'
import type { W12Outcome } from './W12Outcome.js'
import { w12Sides } from './w12Sides.js'

const result = (p50Ms: number, p99Ms: number, walBytes: number): PeerResult => ({
  side: 's',
  node: 'v24.0.0',
  describe: {},
  soloIngest: { memories: 1000, ms: 1000, lastFoundByItsText: true },
  usersIngest: { memories: 100, ms: 100 },
  search: [
    {
      label: '1 user × 1000',
      rowsPerUser: 1000,
      rowsInStore: 1000,
      queries: 10,
      p50Ms,
      p99Ms,
      complete: 10,
      violations: 0,
      unknownHits: 0,
      statementsPerQuery: 2,
      settle: { roundTrips: 0, ms: 0 },
    },
  ],
  writesPerSearch: {
    searches: 10,
    dimensions: 1536,
    walBytes,
    serverWalBytes: walBytes,
    rowVersions: 0,
    updates: 0,
    hotUpdates: 0,
    memoriesRowVersions: 0,
  },
  refusedRequests: [],
})

const plan = {
  dimensions: 8,
  solo: 1000,
  checkpoints: [1000],
  users: 10,
  perUser: 10,
  queries: 10,
  warmup: 1,
  k: 10,
  batch: 100,
  writeProbe: { searches: 10, settleMs: 0 },
}

describe('w12Sides', () => {
  it('leaves the embedded store out of a pass with added latency and Mastra on HNSW out of the smoke', () => {
    const keys = (latency: number, smoke: boolean) =>
      w12Sides({ id: 'W', embedder: 'hashing', addedLatencyMs: latency }, '/node24', smoke).map((s) => s.key)
    expect(keys(0, false)).toEqual([
      'ours_pg',
      'ours_embedded',
      'mem0',
      'ours_pg_24',
      'mastra',
      'mastra_hnsw',
    ])
    expect(keys(1, false)).toEqual(['ours_pg', 'mem0', 'ours_pg_24', 'mastra', 'mastra_hnsw'])
    expect(keys(0, true)).not.toContain('mastra_hnsw')
  })
})

describe('renderPeersReport', () => {
  it('puts the ratio of our side on the same Node after each peer, and says why a side has no figures', () => {
    const sides = w12Sides({ id: 'W12', embedder: 'hashing', addedLatencyMs: 1 }, '/node24', false)
    const outcomes = new Map<string, W12Outcome>([
      ['ours_pg', { ok: true, result: result(5, 9, 100), onDemand: { texts: 0, ms: 0 } }],
      ['mem0', { ok: true, result: result(10, 8, 0), onDemand: { texts: 3, ms: 1500 } }],
      ['ours_pg_24', { ok: true, result: result(4, 6, 100), onDemand: { texts: 0, ms: 0 } }],
      ['mastra', { ok: true, result: result(2, 12, 0), onDemand: { texts: 0, ms: 0 } }],
      ['mastra_hnsw', { ok: false, reason: 'did not finish in time' }],
    ])
    const report = renderPeersReport({
      id: 'W12-NET',
      title: 't',
      plan,
      settings: {},
      notes: [],
      sides,
      outcomes,
    })
    const search = report.tables.find((t) => t.title.startsWith('Search p50'))!
    expect(search.columns).toEqual([
      'row',
      sides[0]!.label,
      sides[1]!.label,
      'ours ÷ mem0',
      sides[2]!.label,
      sides[3]!.label,
      'ours ÷ Mastra IVFFlat',
      sides[4]!.label,
      'ours ÷ Mastra HNSW',
    ])
    expect(search.rows[0]).toEqual([
      '1 user × 1000',
      '5.00 / 9.00 (2.0 round trips)',
      '10.00 / 8.00 (2.0 round trips)',
      '0.500×',
      '4.00 / 6.00 (2.0 round trips)',
      '2.00 / 12.00 (2.0 round trips)',
      '2.000×',
      'skipped: did not finish in time',
      '—',
    ])
    // Faster at p50 but not at p99 is not "ours faster".
    const versusMem0 = report.summary.find((s) => s.metric.startsWith('vs mem0: search'))!
    expect(versusMem0.met).toBe(false)
    const sidesTable = report.tables.at(-1)!
    expect(sidesTable.rows[1]).toContain('3 texts, 1.5 s')
    const wal = report.summary.find((s) => s.metric.includes('WAL'))!
    expect(wal.ours).toBe('100 B; 0.00')
    expect(wal.met).toBe(true)
  })

  it('states the WAL target from the probe at 1536-d, full-page images apart, and says why when they tip it over', () => {
    const sides = w12Sides({ id: 'W12', embedder: 'hashing', addedLatencyMs: 0 }, '/node24', true)
    const outcomes = new Map<string, W12Outcome>([
      ['ours_pg', { ok: true, result: result(5, 9, 100), onDemand: { texts: 0, ms: 0 } }],
    ])
    const probed = result(5, 9, 2500)
    probed.writesPerSearch!.wal = {
      kinds: [
        { kind: 'Heap/INSERT', records: 40, recordBytes: 5000, fpiBytes: 20_000 },
        { kind: 'Transaction/COMMIT', records: 10, recordBytes: 0, fpiBytes: 0 },
      ],
      recordBytes: 5000,
      fpiBytes: 20_000,
      elsewhereBytes: 123,
      checkpoints: 1,
    }
    const report = renderPeersReport({
      id: 'W12',
      title: 't',
      plan,
      settings: {},
      notes: [],
      sides,
      outcomes,
      walProbe: { ok: true, result: probed, onDemand: { texts: 0, ms: 0 } },
    })
    const wal = report.summary.find((s) => s.metric.includes('WAL'))!
    expect(wal.metric).toContain('1536-d')
    expect(wal.ours).toBe('2,500 B (records 500, full-page images 2,000); 0.00')
    expect(wal.met).toBe(false)
    expect(wal.why).toContain('full-page images (2,000 B per search)')
    const table = report.tables.find((t) => t.title.includes('by WAL record kind'))!
    expect(table.rows[0]).toEqual(['Heap/INSERT', '4.00', '500', '2,000'])
    expect(table.rows.find((r) => String(r[0]).includes('rest of the server'))?.[2]).toBe('12')
  })
})
