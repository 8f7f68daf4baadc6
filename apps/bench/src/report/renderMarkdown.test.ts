import { describe, expect, it } from 'vitest'
import type { KeywordLegResult } from '../locomo/keywordLeg.js'
import type { BenchRun, KeywordLegRun, SummaryRow } from './BenchReport.js'
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

  it('names the command of each section beside it, and no command line of the whole run', () => {
    const bench = run([row('fast enough', true)])
    bench.command = 'pnpm bench --only W9 --out /srv/runs/x'
    bench.workloads = [
      {
        ...bench.workloads[0]!,
        command: 'pnpm bench --only W9 --out /srv/runs/x',
        generatedAt: '2026-12-02',
      },
      { ...bench.workloads[0]!, id: 'W10', command: 'pnpm bench --only W10 --size 100000' },
    ]
    const markdown = renderMarkdown({ bench }, charts)
    const w9 = markdown.slice(markdown.indexOf('### W9'), markdown.indexOf('### W10'))
    expect(w9).toContain('Command: `pnpm bench --only W9`, run 2026-12-02.')
    expect(markdown.slice(markdown.indexOf('### W10'))).toContain(
      'Command: `pnpm bench --only W10 --size 100000`.',
    )
    expect(markdown.match(/Command:/g)).toHaveLength(2)
    expect(markdown).not.toContain('/srv/')
  })

  it('has no such list when every target is met', () => {
    const markdown = renderMarkdown({ bench: run([row('fast enough', true)]) }, charts)
    expect(markdown).not.toContain('Targets not met')
  })
})

const leg = (backend: string, p50Ms: number, extra: Partial<KeywordLegResult> = {}): KeywordLegResult => ({
  backend,
  questions: 100,
  p50Ms,
  p99Ms: p50Ms * 3,
  firstSearchMs: 10,
  identical: 30,
  sameSet: 75,
  identicalLexemeLength: 81,
  ...extra,
})

const keywordRun = (results: KeywordLegResult[]): KeywordLegRun => ({
  generatedAt: '2026-12-01T00:00:00.000Z',
  command: 'pnpm eval:locomo --only KEYWORD',
  loadAverage: [1, 1, 1],
  referenceP50Ms: 0.2,
  results,
  notes: ['a note'],
})

describe('renderMarkdown keyword leg', () => {
  it("says per backend whether its target is met, and why not from the run's breakdown", () => {
    const markdown = renderMarkdown(
      {
        keywordLeg: keywordRun([
          leg('embedded: in-process index', 2.5, { targetP50Ms: 8 }),
          leg('Postgres: SQL BM25', 4.25, {
            targetP50Ms: 3,
            breakdown: {
              statementsPerSearch: 4.5,
              inStatementsP50Ms: 4,
              outsideStatementsP50Ms: 0.2,
              roundTripP50Ms: 0.1,
              statements: [
                { kind: 'BEGIN', perSearch: 1, p50Ms: 0.12 },
                { kind: 'scoring pass', perSearch: 1.5, p50Ms: 2 },
                { kind: 'BM25 statistics', perSearch: 1, p50Ms: 0.9 },
                { kind: 'COMMIT', perSearch: 1, p50Ms: 0.2 },
              ],
            },
          }),
          leg('PGlite: SQL BM25', 9, { targetP50Ms: 8 }),
          leg('no target', 50),
        ]),
      },
      charts,
    )
    const rows = markdown.split('\n').filter((line) => line.startsWith('| '))
    expect(rows.find((line) => line.startsWith('| embedded'))).toMatch(/\| ≤ 8 ms \| yes \|$/)
    expect(rows.find((line) => line.startsWith('| Postgres'))).toMatch(/\| ≤ 3 ms \| no \|$/)
    expect(rows.find((line) => line.startsWith('| no target'))).toMatch(/\| — \| — \|$/)
    const why = markdown.slice(
      markdown.indexOf('Targets not met in this run, and why:'),
      markdown.indexOf('- a note'),
    )
    expect(why).toContain(
      '- Postgres: SQL BM25: p50 4.25 ms against ≤ 3 ms. Per search 4.50 statements (scoring pass ×1.50 at 2.00 ms p50, ' +
        'BM25 statistics ×1.00 at 0.90 ms p50, COMMIT ×1.00 at 0.20 ms p50, BEGIN ×1.00 at 0.12 ms p50): ' +
        "4.00 ms p50 waiting on them, 0.20 ms outside them (the store's JS). A bare SELECT 1 takes 0.100 ms, so " +
        "round trips alone are ~0.45 ms and the database's parse, plan and execution ~3.55 ms; the largest share is " +
        'the scoring pass (1.50 per search × 2.00 ms).',
    )
    expect(why).toContain(
      '- PGlite: SQL BM25: p50 9.00 ms against ≤ 8 ms; no breakdown was measured in this run.',
    )
    expect(why).not.toContain('embedded')
    expect(why).not.toContain('no target:')
  })

  it('has no why list when every backend meets its target', () => {
    const markdown = renderMarkdown(
      { keywordLeg: keywordRun([leg('Postgres: SQL BM25', 2.9, { targetP50Ms: 3 })]) },
      charts,
    )
    expect(markdown).toContain('| ≤ 3 ms | yes |')
    expect(markdown).not.toContain('Targets not met in this run')
  })
})
