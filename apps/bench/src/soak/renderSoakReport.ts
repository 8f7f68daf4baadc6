import { percentile } from '../harness/percentile.js'
import type { TableWrites } from '../pg/TableWrites.js'
import type { ReportTable, SummaryRow, WorkloadReport } from '../report/BenchReport.js'
import { formatNumber } from '../report/formatNumber.js'
import type { BenchContext } from '../workloads/BenchContext.js'
import type { SoakBackendRun } from './SoakBackendRun.js'
import type { SoakPlan } from './SoakPlan.js'

/**
 * The W13 section of one backend: per operation and path the calls, errors and p50/p99 of every
 * window; the process per window; the consistency check; the verdict and, on PostgreSQL, the row
 * versions the soak wrote to `memories` and their HOT share.
 */
export function renderSoakReport(
  ctx: BenchContext,
  plan: SoakPlan,
  run: SoakBackendRun,
  autovacuum: string | null,
  shape: { clients: number; dimensions: number },
): WorkloadReport {
  const id = `W13 (${run.kind === 'embedded' ? 'embedded' : 'PostgreSQL'})`
  const tables: ReportTable[] = []
  const notes: string[] = []
  const summary: SummaryRow[] = []
  const failures: string[] = []
  const ms = (values: number[], p: number) =>
    values.length === 0
      ? '—'
      : formatNumber(
          percentile(
            [...values].sort((a, b) => a - b),
            p,
          ),
        )
  const rows: Array<Array<string | number>> = []
  for (const [key, cells] of [...run.recorder.cells].sort(([a], [b]) => a.localeCompare(b))) {
    const [op, path] = key.split('@')
    const calls = cells.reduce((sum, cell) => sum + cell.latencies.length + cell.errors, 0)
    rows.push([
      op!,
      path!,
      calls,
      cells.reduce((sum, cell) => sum + cell.errors, 0),
      cells.reduce((sum, cell) => sum + cell.injected, 0),
      cells.map((cell) => ms(cell.latencies, 50)).join(' · '),
      cells.map((cell) => ms(cell.latencies, 99)).join(' · '),
      formatNumber(run.verdict.drift.get(op!) ?? null),
    ])
  }
  tables.push({
    title: `W13 ${run.label}: per operation and path (p50 and p99 in ms, one figure per window)`,
    columns: [
      'operation',
      'path',
      'calls',
      'errors',
      'injected',
      'p50 by window',
      'p99 by window',
      'p50 drift (op)',
    ],
    rows,
  })
  tables.push({
    title: `W13 ${run.label}: the process per window (window 1 is the warm-up)`,
    columns: ['window', 'RSS after GC (MB)', 'V8 heap after GC (MB)', 'open fds (floor)'],
    rows: run.gauges.map((gauge) => [
      gauge.window + 1,
      formatNumber(gauge.rssAfterGc / 2 ** 20, 0),
      formatNumber(gauge.heapUsed / 2 ** 20, 0),
      gauge.fdFloor,
    ]),
  })
  const c = run.consistency
  notes.push(
    `${run.label}: ${c.counts.clients} live memories by the clients' count, ${c.counts.library} through the library, ${c.counts.other} through the ${run.label === 'PostgreSQL' ? 'second pool' : 'store socket'}; ` +
      (c.keywordQueries > 0
        ? `${c.keywordQueries} keyword queries ranked alike by the in-process index and SQL BM25, ${c.vectorQueries} vector queries by the in-process index and the exact SQL scan (unless listed below); `
        : 'no in-process index on PostgreSQL (the ranking comparisons are the embedded store’s); ') +
      `the machine probe (no store work) was ${formatNumber(run.verdict.machine)}× slower in the last window than in the first judged one, and drift is divided by that; ${run.repaired} pending embeds repaired during the soak; open fds ${run.descriptors.before} before opening, ${run.descriptors.after} after closing; RSS ${formatNumber(((run.verdict.rssRatio ?? 1) - 1) * 100, 1)} %, fd floor ${formatNumber(((run.verdict.fdRatio ?? 1) - 1) * 100, 1)} % from the first judged window to the last.`,
  )
  const problems = [
    ...run.verdict.failures,
    ...c.failures,
    ...run.leftovers,
    ...(run.descriptors.left.length > 0
      ? [
          `${run.descriptors.left.length} file descriptor(s) left open after close (${[...new Set(run.descriptors.left)].slice(0, 4).join(', ')})`,
        ]
      : []),
  ]
  for (const problem of problems) failures.push(`${run.label}: ${problem}`)
  const drifts = [...run.verdict.drift.values()].filter((value): value is number => value !== null)
  summary.push({
    workload: id,
    metric: `${run.label}: worst p50 drift, last window / first judged`,
    ours: drifts.length ? `${formatNumber(Math.max(...drifts))}×` : '—',
    peers: '—',
    target: '≤ 1.2×',
    met: drifts.length ? Math.max(...drifts) <= plan.thresholds.maxDrift : null,
  })
  summary.push({
    workload: id,
    metric: `${run.label}: errors outside injected faults; leaks; inconsistencies`,
    ours: `${problems.length === 0 ? 'none' : `${problems.length} problem(s)`}`,
    peers: '—',
    target: 'none',
    met: problems.length === 0,
  })
  if (run.memoriesWrites !== undefined) summary.push(hotShareRow(id, run.memoriesWrites))
  notes.push(
    `Eight clients, each on its own namespace: two through the library, two through the store socket (on PostgreSQL a second pool), two searching through the recall socket and writing through the store socket, two through an MCP server (search, remember, forget; their other operations through the library). Mix: search 50, remember 14, forget 17 (and whenever a namespace is above ${plan.cap} live memories), supersede 10, rememberMany (3) 5, observe 4 (the fake chat model extracts one fact and adds it). Each namespace starts at ${plan.cap} memories, so the store stays the same size; forgetting a memory forgets its superseded versions too.`,
    `The fake embeddings server answers 503 for the last ${plan.downMs / 1000} s of every ${plan.periodMs / 1000} s: writes are stored pending and searches run keyword-only (the 'injected' column counts those answers and any call that failed while the fault was on); the repair loop embeds the pending rows once it is back. 'errors' are failures outside those periods and must be 0.`,
    `Judged: the first window is the warm-up (the in-process indexes load, PGlite's buffer pool and V8's heap reach their working size); from the second window to the last, each operation's p50 (all paths, at least ${plan.thresholds.minSamples} calls in both windows), divided by how much slower a probe that does no store work got (a 20,000-number sort, and on PostgreSQL a \`SELECT 1\` on its own connection: other processes on a shared machine slow everything alike), may not rise more than ${plan.thresholds.maxDrift}× and ${plan.thresholds.driftSlackMs} ms, RSS after a full GC not more than ${plan.thresholds.maxGrowth * 100} % and the floor of open descriptors (sampled each second) not more than ${plan.thresholds.maxDescriptorGrowth * 100} %. p99 is reported, not judged: on a shared 2-core machine it is the scheduler's.`,
    ...(run.kind === 'postgres' && autovacuum !== null ? [autovacuumNote(autovacuum)] : []),
    ...failures.map((failure) => `FAILED: ${failure}`),
  )
  for (const failure of failures) ctx.log(`W13 ${failure}`)
  return {
    id,
    title: `${soakTitle(plan)}, ${run.label}`,
    status: failures.length === 0 ? 'ok' : 'failed',
    ...(failures.length === 0 ? {} : { reason: failures.slice(0, 5).join('; ') }),
    settings: {
      minutes: plan.minutes,
      windowSeconds: plan.windowMs / 1000,
      clients: shape.clients,
      dimensions: shape.dimensions,
      liveMemoriesPerNamespace: plan.cap,
      ...(autovacuum === null || run.kind !== 'postgres' ? {} : { 'PostgreSQL autovacuum': autovacuum }),
    },
    tables,
    notes,
    summary,
  }
}

/** What the server's upkeep means for the verdict: the store needs autovacuum, as every PostgreSQL application does. */
function autovacuumNote(autovacuum: string): string {
  return autovacuum === 'on'
    ? 'The server runs autovacuum with its default settings, as a production server does (`scripts/setup-soak-postgres.sh` starts such a cluster beside the test server).'
    : 'The server runs without autovacuum: nothing reclaims the dead row versions the soak’s deletes and updates leave, so every operation slows by the minute whatever the store does. A soak to judge runs on a server with autovacuum: `DATABASE_URL=$(bash scripts/setup-soak-postgres.sh) pnpm bench --only W13 --soak-backends postgres`.'
}

function soakTitle(plan: SoakPlan): string {
  return `Soak: 8 clients of mixed load on every path, ${plan.minutes} min`
}

/** The summary row of the row versions a soak wrote to `memories`, and how many were HOT. */
function hotShareRow(id: string, writes: TableWrites): SummaryRow {
  const share = writes.updated > 0 ? writes.hotUpdated / writes.updated : null
  return {
    workload: id,
    metric: 'PostgreSQL: `memories` row versions written (inserts + updates), updates HOT',
    ours: `${formatNumber(writes.inserted + writes.updated, 0)}; ${share === null ? 'no updates' : `${formatNumber(share * 100, 1)} % of ${formatNumber(writes.updated, 0)} updates HOT`}`,
    peers: '—',
    target: '—',
    met: null,
  }
}
