import { describe, expect, it } from 'vitest'
import type { BenchRun, SummaryRow } from './BenchReport.js'
import { renderMarkdown } from './renderMarkdown.js'

const row = (metric: string, met: boolean | null, why?: string): SummaryRow => ({
  workload: 'W9',
  metric,
  ours: '1',
  peers: '2',
  target: '≤ 1',
  met,
  ...(why === undefined ? {} : { why }),
})

const run = (summary: SummaryRow[]): BenchRun => ({
  generatedAt: '2026-12-01T00:00:00.000Z',
  command: 'pnpm bench',
  mode: 'full',
  size: 10_000,
  environment: {},
  workloads: [{ id: 'W9', title: 't', status: 'ok', settings: {}, tables: [], notes: [], summary }],
  curves: [],
  ingestRates: [],
})

const charts = { latencyRecall: 'a.svg', ingest: 'b.svg', latencyRecallLarge: 'c.svg' }

describe('renderMarkdown summary', () => {
  it('lists every target not met with its measured reason, and none that was met', () => {
    const markdown = renderMarkdown(
      {
        bench: run([
          row('fast enough', true, 'never shown'),
          row('too slow', false, 'the scan reads every row'),
          row('no reason', false),
          row('no target', null),
        ]),
      },
      charts,
    )
    const section = markdown.slice(markdown.indexOf('Targets not met on this machine, and why:'))
    expect(section).toContain('- W9 too slow: the scan reads every row')
    expect(section).toContain('- W9 no reason: no reason measured in this run')
    expect(markdown).not.toContain('never shown')
    expect(section).not.toContain('no target')
  })

  it('has no such list when every target is met', () => {
    const markdown = renderMarkdown({ bench: run([row('fast enough', true)]) }, charts)
    expect(markdown).not.toContain('Targets not met')
  })
})
