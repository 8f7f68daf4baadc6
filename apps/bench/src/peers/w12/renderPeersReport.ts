import type { ReportTable, SummaryRow, WorkloadReport } from '../../report/BenchReport.js'
import { formatNumber } from '../../report/formatNumber.js'
import type { PeerPlan } from './PeerPlan.js'
import type { PeerResult, PeerSearchResult } from './PeerResult.js'
import { renderWalProbeTable } from './renderWalProbeTable.js'
import type { W12Outcome } from './W12Outcome.js'
import type { W12SideSpec } from './W12SideSpec.js'

/** What the W12 report says about the pass beside its sides' results. */
export interface W12ReportContext {
  id: string
  title: string
  plan: Omit<PeerPlan, 'side' | 'embedderUrl' | 'resultFile'>
  settings: WorkloadReport['settings']
  notes: string[]
  sides: W12SideSpec[]
  outcomes: Map<string, W12Outcome>
  /**
   * Ours on PostgreSQL once more, on a database of its own with vectors of `WAL_PROBE_DIMENSIONS`
   * (the size the WAL target is stated at), for its write probe alone; absent in passes without it.
   */
  walProbe?: W12Outcome
}

const rate = (memories: number, ms: number) => (memories / ms) * 1000

/**
 * The W12 section of one pass: a column per side and, after each peer's, the ratio of our side on
 * the same Node to it (below 1 = ours faster), for ingest, search latency and round trips,
 * completeness and isolation, LoCoMo recall, what a search writes, and the sides' settings.
 */
export function renderPeersReport(c: W12ReportContext): WorkloadReport {
  const get = (key: string) => {
    const outcome = c.outcomes.get(key)
    return outcome?.ok ? outcome.result : undefined
  }
  const why = (key: string) => {
    const outcome = c.outcomes.get(key)
    return outcome && !outcome.ok ? `skipped: ${outcome.reason}` : '—'
  }
  const columns = [
    'row',
    ...c.sides.flatMap((s) => (s.versus ? [s.label, `ours ÷ ${s.versus.name}`] : [s.label])),
  ]
  const ratio = (ours: number | undefined, peer: number | undefined, decimals: number) =>
    ours !== undefined && peer !== undefined && peer > 0 ? `${formatNumber(ours / peer, decimals)}×` : '—'
  /** One row: each side's cell, and after each peer the ratio of `figure` (ours ÷ peer). */
  const row = (
    label: string,
    cell: (r: PeerResult) => string,
    figure?: (r: PeerResult) => number | undefined,
    decimals = 2,
  ): Array<string | number> => [
    label,
    ...c.sides.flatMap((s) => {
      const result = get(s.key)
      const shown = result ? cell(result) : why(s.key)
      if (!s.versus) return [shown]
      const ours = get(s.versus.key)
      const ratioCell = figure && ours && result ? ratio(figure(ours), figure(result), decimals) : '—'
      return [shown, ratioCell]
    }),
  ]
  const { plan } = c
  const ingestRows = (['soloIngest', 'usersIngest'] as const).map((field) =>
    row(
      field === 'soloIngest' ? `1 user × ${plan.solo}` : `${plan.users} users × ${plan.perUser}`,
      (r) => formatNumber(rate(r[field].memories, r[field].ms), 0),
      (r) => rate(r[field].memories, r[field].ms),
      1,
    ),
  )
  const first = c.sides.map((s) => get(s.key)).find((r) => r !== undefined)
  const labels = first?.search.map((s) => s.label) ?? []
  const searchOf = (r: PeerResult, label: string) => r.search.find((s) => s.label === label)
  const latency = (s: PeerSearchResult | undefined) =>
    s
      ? `${formatNumber(s.p50Ms, 2)} / ${formatNumber(s.p99Ms, 2)}${s.statementsPerQuery ? ` (${formatNumber(s.statementsPerQuery, 1)} round trips)` : ''}`
      : '—'
  const searchRows = labels.map((label) =>
    row(
      label,
      (r) => latency(searchOf(r, label)),
      (r) => searchOf(r, label)?.p50Ms,
      3,
    ),
  )
  const p99Rows = labels.map((label) =>
    row(
      `${label}, p99`,
      (r) => formatNumber(searchOf(r, label)?.p99Ms, 2),
      (r) => searchOf(r, label)?.p99Ms,
      3,
    ),
  )
  const settleRows = labels.map((label) =>
    row(label, (r) => {
      const settled = searchOf(r, label)?.settle
      return settled && settled.ms >= 1
        ? `${formatNumber(settled.roundTrips, 0)} round trips, ${formatNumber(settled.ms / 1000, 1)} s`
        : 'none'
    }),
  )
  const share = (s: PeerSearchResult | undefined) => (s?.queries ? s.complete / s.queries : undefined)
  const quality = (s: PeerSearchResult | undefined) =>
    s
      ? `${formatNumber((s.complete / s.queries) * 100, 0)} % complete, ${s.violations} violations${s.unknownHits ? `, ${s.unknownHits} unknown hits` : ''}`
      : '—'
  const qualityRows = labels.map((label) =>
    row(
      label,
      (r) => quality(searchOf(r, label)),
      (r) => share(searchOf(r, label)),
    ),
  )
  const locomoRow = row(
    `LoCoMo recall_any@10 (${first?.locomo?.questions ?? 0} questions, ${plan.locomo?.conversations ?? 0} conversations)`,
    (r) =>
      r.locomo
        ? `${formatNumber(r.locomo.recallAny10 * 100, 1)} % (p50 ${formatNumber(r.locomo.p50Ms, 1)} ms)`
        : 'skipped: LoCoMo file not readable',
    (r) => r.locomo?.recallAny10,
  )
  const writes = (r: PeerResult) => r.writesPerSearch
  const probe = c.walProbe?.ok ? c.walProbe.result : undefined
  const writeRows = [
    row('WAL bytes per search (the side’s database: records + full-page images)', (r) => {
      const w = writes(r)
      if (!w) return '—'
      if (!w.wal) return `${formatNumber(w.walBytes, 0)} (the whole server: no pg_walinspect)`
      return `${formatNumber(w.walBytes, 0)} (of them full-page images ${formatNumber(w.wal.fpiBytes / Math.max(1, w.searches), 0)})`
    }),
    row('WAL bytes per search (the whole server, LSN difference)', (r) =>
      formatNumber(writes(r)?.serverWalBytes, 0),
    ),
    row('row versions written per search (inserts + updates, every table)', (r) =>
      formatNumber(writes(r)?.rowVersions, 2),
    ),
    row('of them updates; HOT', (r) => {
      const w = writes(r)
      return w
        ? `${formatNumber(w.updates, 2)}; ${w.updates > 0 ? `${formatNumber((w.hotUpdates / w.updates) * 100, 0)} %` : '—'}`
        : '—'
    }),
    row('`memories` row versions per search', (r) => formatNumber(writes(r)?.memoriesRowVersions, 2)),
  ]
  const sideRows = c.sides.map((spec) => {
    const outcome = c.outcomes.get(spec.key)
    const result = outcome?.ok ? outcome.result : undefined
    const onDemand = outcome?.ok ? outcome.onDemand : undefined
    return [
      spec.label,
      result?.node ?? why(spec.key),
      result?.describe.version ?? '—',
      result?.describe.store ?? '—',
      result?.describe.write ?? '—',
      result?.describe.search ?? '—',
      onDemand && onDemand.texts > 0
        ? `${onDemand.texts} texts, ${formatNumber(onDemand.ms / 1000, 1)} s`
        : 'none',
      result ? (result.refusedRequests.length ? result.refusedRequests.join(', ') : 'none') : '—',
    ]
  })
  const tables: ReportTable[] = [
    {
      title: 'Ingest to searchable, memories/s (one write call per batch of 100)',
      columns,
      rows: ingestRows,
    },
    {
      title:
        'Search p50 / p99, ms, and round trips to PostgreSQL per search (ratio: ours p50 ÷ peer p50; below 1 = ours faster)',
      columns,
      rows: searchRows,
    },
    { title: 'Search p99, ms (ratio: ours p99 ÷ peer p99)', columns, rows: p99Rows },
    {
      title:
        'Background work set off by the warm-up searches and waited for before each window (`settle`): round trips and time, not in the figures above',
      columns,
      rows: settleRows,
    },
    {
      title: 'Completeness (answers with min(k, rows) hits) and isolation (hits of another user)',
      columns,
      rows: qualityRows,
    },
    { title: 'LoCoMo dev, turn level, through each library’s own search', columns, rows: [locomoRow] },
    {
      title: `What a search writes (${plan.dimensions}-d): ${plan.writeProbe?.searches ?? 0} searches of the one user (${plan.solo} memories) after the rest of the run, counters read after ${formatNumber((plan.writeProbe?.settleMs ?? 0) / 1000, 0)} s of quiet`,
      columns,
      rows: writeRows,
    },
    ...(probe?.writesPerSearch
      ? [
          renderWalProbeTable(
            `What a search of ours on PostgreSQL writes at ${probe.writesPerSearch.dimensions}-d, by WAL record kind: the same run of the one user on a database of its own, ${probe.writesPerSearch.searches} searches, read with pg_walinspect (full-page images apart)`,
            probe.writesPerSearch,
          ),
        ]
      : []),
    {
      title: 'The sides: versions, settings, what the adapter calls',
      columns: [
        'side',
        'Node',
        'version',
        'store',
        'write',
        'search',
        'embedded while it ran (not beforehand)',
        'refused network requests',
      ],
      rows: sideRows,
    },
  ]
  return {
    id: c.id,
    title: c.title,
    status: 'ok',
    settings: c.settings,
    tables,
    notes: c.notes,
    summary: summaryRows(c, get, labels),
  }
}

function summaryRows(
  c: W12ReportContext,
  get: (key: string) => PeerResult | undefined,
  labels: string[],
): SummaryRow[] {
  const summary: SummaryRow[] = []
  const solo = labels.length > 1 ? labels[labels.length - 2] : labels[0]
  const last = labels.at(-1)
  for (const spec of c.sides) {
    const peer = get(spec.key)
    const ours = spec.versus ? get(spec.versus.key) : undefined
    if (!spec.versus || !peer || !ours) continue
    const oursRate = rate(ours.soloIngest.memories, ours.soloIngest.ms)
    const peerRate = rate(peer.soloIngest.memories, peer.soloIngest.ms)
    summary.push({
      workload: c.id,
      metric: `vs ${spec.versus.name} (${spec.label}): ingest 1 user × ${c.plan.solo} memories/s`,
      ours: formatNumber(oursRate, 0),
      peers: `${spec.versus.name} ${formatNumber(peerRate, 0)}: ${formatNumber(oursRate / peerRate, 1)}×`,
      target: '—',
      met: null,
    })
    for (const label of [solo, last]) {
      if (label === undefined) continue
      const o = ours.search.find((s) => s.label === label)
      const p = peer.search.find((s) => s.label === label)
      if (!o || !p) continue
      summary.push({
        workload: c.id,
        metric: `vs ${spec.versus.name}: search p50 / p99 ms, ${label}`,
        ours: `${formatNumber(o.p50Ms, 2)} / ${formatNumber(o.p99Ms, 2)}`,
        peers: `${spec.versus.name} ${formatNumber(p.p50Ms, 2)} / ${formatNumber(p.p99Ms, 2)}`,
        target: 'ours faster',
        met: o.p50Ms < p.p50Ms && o.p99Ms < p.p99Ms,
        ...(o.p50Ms < p.p50Ms && o.p99Ms < p.p99Ms
          ? {}
          : {
              why: `round trips per search in this run: ours ${formatNumber(o.statementsPerQuery, 1)}, ${spec.versus.name} ${formatNumber(p.statementsPerQuery, 1)}`,
            }),
      })
    }
  }
  const probed = c.walProbe?.ok ? c.walProbe.result : undefined
  const w = (probed ?? get('ours_pg') ?? get('ours_pg_24'))?.writesPerSearch
  if (w) {
    const per = (n: number) => n / Math.max(1, w.searches)
    const met = w.walBytes <= 2048 && w.memoriesRowVersions === 0
    const fpi = w.wal ? per(w.wal.fpiBytes) : 0
    summary.push({
      workload: c.id,
      metric: `ours (PG): WAL bytes per search at ${w.dimensions}-d (${w.wal ? 'its database: records + full-page images' : 'the whole server'}) and \`memories\` row versions per search`,
      ours: `${formatNumber(w.walBytes, 0)} B${w.wal ? ` (records ${formatNumber(per(w.wal.recordBytes), 0)}, full-page images ${formatNumber(fpi, 0)})` : ''}; ${formatNumber(w.memoriesRowVersions, 2)}`,
      peers: '—',
      target: '≤ 2 KB; 0 (stated at 1536-d)',
      met,
      ...(met || fpi === 0
        ? {}
        : {
            why: `full-page images (${formatNumber(fpi, 0)} B per search) follow a checkpoint whose redo point fell shortly before or inside the window (checkpoint records in it: ${w.wal?.checkpoints ?? 0})`,
          }),
    })
  }
  return summary
}
