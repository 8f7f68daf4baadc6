import { describe, expect, it } from 'vitest'
import type { BenchRun, WorkloadReport } from './BenchReport.js'
import { mergeBenchRun } from './mergeBenchRun.js'

const section = (id: string, command: string): WorkloadReport => ({
  id,
  title: id,
  status: 'ok',
  command,
  settings: {},
  tables: [],
  notes: [],
  summary: [],
})

const run = (command: string, workloads: WorkloadReport[]): BenchRun => ({
  generatedAt: '2026-12-01T00:00:00.000Z',
  command,
  mode: 'full',
  size: 10_000,
  environment: {},
  workloads,
  curves: [],
  ingestRates: [],
})

describe('mergeBenchRun', () => {
  it('replaces the sections a partial run ran, keeps the others with the commands that produced them', () => {
    const previous = run('pnpm bench', [
      section('W1', 'pnpm bench'),
      section('W13 (embedded)', 'pnpm bench'),
      section('W13 (PostgreSQL)', 'pnpm bench'),
    ])
    const partial = run('pnpm bench --only W13 --soak-backends postgres', [
      section('W13 (PostgreSQL)', 'pnpm bench --only W13 --soak-backends postgres'),
      section('W14', 'pnpm bench --only W13 --soak-backends postgres'),
    ])
    const merged = mergeBenchRun({ bench: previous }, 'bench', partial)
    expect(merged.workloads.map((w) => [w.id, w.command])).toEqual([
      ['W1', 'pnpm bench'],
      ['W13 (embedded)', 'pnpm bench'],
      ['W13 (PostgreSQL)', 'pnpm bench --only W13 --soak-backends postgres'],
      ['W14', 'pnpm bench --only W13 --soak-backends postgres'],
    ])
    // The run's command is the latest one, never a history of every command folded in.
    expect(merged.command).toBe('pnpm bench --only W13 --soak-backends postgres')
  })
})
