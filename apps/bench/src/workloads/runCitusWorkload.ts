import { loadavg } from 'node:os'
import type { AnswerExpectation } from '../citus/AnswerExpectation.js'
import type { ClusterDatabase } from '../citus/ClusterDatabase.js'
import { CITUS_REFUSAL } from '../citus/citusRefusal.js'
import { createClusterDatabase } from '../citus/createClusterDatabase.js'
import type { MeasuredBackend } from '../citus/MeasuredBackend.js'
import { measureBackend } from '../citus/measureBackend.js'
import { type RebalancePhase, rebalanceUnderLoad, SHARD_TRANSFER_MODE } from '../citus/rebalanceUnderLoad.js'
import { withClient } from '../citus/withClient.js'
import { exactTopK } from '../harness/exactTopK.js'
import { createScratchDatabase, type ScratchDatabase } from '../pg/createScratchDatabase.js'
import type { ReportTable, SummaryRow } from '../report/BenchReport.js'
import { formatNumber } from '../report/formatNumber.js'
import type { BenchContext } from './BenchContext.js'
import { meanRecall } from './meanRecall.js'
import { rawRows } from './rawRows.js'
import { skewedNamespaces } from './skewedNamespaces.js'
import type { WorkloadOutcome } from './WorkloadOutcome.js'

/** The bench's database on every node of the cluster (replaced at the start of a run, dropped at its end). */
const CLUSTER_DATABASE = 'agent_memory_bench_citus'
const SEARCHERS = 2
const WRITERS = 2
/** Writers spread their memories over this many users, so they land on shards that move. */
const WRITER_NAMESPACES = 64

const loadNow = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')

/**
 * W15: the store on a Citus cluster beside the single server, in one run. Per-user search of W3's
 * skewed mix and bulk ingest through the coordinator on both; then, with searches and writes running
 * on the cluster, a third worker is added and the shards rebalanced onto it, then drained off and
 * the node removed: every answer judged against the one given before (judgeAnswer), every
 * acknowledged write read back.
 */
export async function runCitusWorkload(ctx: BenchContext): Promise<WorkloadOutcome> {
  const citusUrl = process.env.CITUS_DATABASE_URL
  if (!citusUrl || !ctx.databaseUrl) throw new Error(CITUS_REFUSAL)
  const n = ctx.size
  const k = ctx.k
  const namespaces = ctx.smoke ? 100 : 1000
  const mix = skewedNamespaces(n, namespaces)
  const mixRows = rawRows(ctx, n, mix.namespaceOf)
  const bulkRows = rawRows(ctx, ctx.ingestRows, () => 'w15-bulk')
  const members = new Map<string, number[]>()
  for (const row of mixRows) members.set(row.namespace, [...(members.get(row.namespace) ?? []), row.id])
  const queryNs = Array.from({ length: ctx.queries }, (_, q) => mix.namespaceOfQuery(q))
  const truth = queryNs.map((ns, q) => exactTopK(ctx.data, ctx.queryVectors.row(q), k, members.get(ns) ?? []))
  const complete = queryNs.map((ns) => Math.min(k, members.get(ns)?.length ?? 0))
  const loadAtStart = loadNow()
  const plan = (label: string, url: string, distribute?: 'citus') => ({
    label,
    url,
    ...(distribute === undefined ? {} : { distribute }),
    dimensions: ctx.data.dimensions,
    bulkRows,
    mixRows,
    queryNamespace: (q: number) => queryNs[q]!,
    queryVector: (q: number) => ctx.queryVectors.row(q),
    queries: ctx.queries,
    warmup: ctx.warmup,
    k,
    connections: SEARCHERS + WRITERS + 2,
  })

  let single: ScratchDatabase | undefined
  let cluster: ClusterDatabase | undefined
  let citus: MeasuredBackend | undefined
  const measured: MeasuredBackend[] = []
  let phases: RebalancePhase[] = []
  let citusVersion = '?'
  let workers = 0
  try {
    single = await createScratchDatabase(ctx.databaseUrl, `agent_memory_bench_${process.pid}_w15`)
    const singleMeasured = await measureBackend(plan('single server', single.url))
    measured.push(singleMeasured)
    await singleMeasured.close()
    ctx.log(`W15 single server measured (load ${loadNow()})`)

    cluster = await createClusterDatabase(citusUrl, CLUSTER_DATABASE)
    workers = cluster.workers.length
    citusVersion = await withClient(cluster.url, async (client) => {
      const { rows } = await client.query<{ v: string }>(
        "SELECT extversion AS v FROM pg_extension WHERE extname = 'citus'",
      )
      return rows[0]?.v ?? '?'
    })
    citus = await measureBackend(
      plan(`Citus ${citusVersion}, coordinator + ${cluster.workers.length} workers`, cluster.url, 'citus'),
    )
    measured.push(citus)
    ctx.log(`W15 Citus measured (load ${loadNow()})`)

    const expectations = queryNs.map(
      (namespace, q): AnswerExpectation => ({
        namespace,
        complete: complete[q]!,
        members: new Set(members.get(namespace) ?? []),
        truth: truth[q]!,
        before: citus!.answers[q]!,
      }),
    )
    phases = await rebalanceUnderLoad(ctx, cluster, {
      store: citus.store,
      expectations,
      queryVector: (q) => ctx.queryVectors.row(q),
      searchers: SEARCHERS,
      writers: WRITERS,
      writerNamespaces: WRITER_NAMESPACES,
      loadedRows: mixRows.length + bulkRows.length,
    })
  } finally {
    await citus?.close().catch(() => undefined)
    await cluster
      ?.drop()
      .catch((error: unknown) => ctx.log(`W15 could not drop ${CLUSTER_DATABASE}: ${String(error)}`))
    await single?.drop().catch(() => undefined)
  }
  return report(ctx, {
    measured,
    phases,
    truth,
    complete,
    settings: {
      rows: n,
      namespaces,
      'big namespace rows': mix.bigRows,
      'one-user bulk rows': bulkRows.length,
      k,
      queries: ctx.queries,
      Citus: citusVersion,
      'Citus workers': workers,
      'concurrent searchers / writers': `${SEARCHERS} / ${WRITERS}`,
      shard_transfer_mode: SHARD_TRANSFER_MODE,
      'load average at start (1 / 5 / 15 min)': loadAtStart,
      'load average at end': loadNow(),
    },
  })
}

interface Findings {
  measured: MeasuredBackend[]
  phases: RebalancePhase[]
  truth: number[][]
  complete: number[]
  settings: Record<string, string | number>
}

function report(ctx: BenchContext, findings: Findings): WorkloadOutcome {
  const { measured, phases, truth, complete, settings } = findings
  const k = ctx.k
  const scored = measured.map((m) => ({
    label: m.label,
    m,
    complete: m.answers.filter((answer, q) => answer.length === complete[q]).length / m.answers.length,
    recall: meanRecall(m.answers, truth, k),
  }))
  const [single, citus] = scored
  const searchCells = (s: (typeof scored)[number]) =>
    `${formatNumber(s.complete * 100, 1)}% / ${formatNumber(s.recall, 3)} / ${formatNumber(s.m.latency.p50)} / ${formatNumber(s.m.latency.p99)}`
  const tables: ReportTable[] = [
    {
      title: 'Per-user search, skewed mix (same run)',
      columns: ['Backend', 'complete %', `recall@${k}`, 'p50 ms', 'p99 ms'],
      rows: scored.map((s) => [
        s.label,
        formatNumber(s.complete * 100, 1),
        formatNumber(s.recall, 3),
        formatNumber(s.m.latency.p50),
        formatNumber(s.m.latency.p99),
      ]),
    },
    {
      title: 'Bulk ingest through the store (same run)',
      columns: ['Backend', 'one user, rows/s', 'every user of the mix, rows/s'],
      rows: measured.map((m) => [
        m.label,
        formatNumber(m.oneUserRowsPerSecond, 0),
        formatNumber(m.allUsersRowsPerSecond, 0),
      ]),
    },
  ]
  if (phases.length > 0)
    tables.push({
      title: `Changing the cluster under load (${settings['concurrent searchers / writers']} concurrent searchers / writers)`,
      columns: [
        'Change',
        'seconds',
        'placements on the node after',
        'searches',
        'as before',
        'different, no worse',
        'wrong',
        'failed',
        'search p50 / p99 ms',
        'writes acknowledged',
        'writes failed',
        'lost',
        'write p50 / p99 ms',
      ],
      rows: phases.map((p) => [
        p.label,
        formatNumber(p.seconds, 1),
        p.placementsOnNode,
        p.tally.searches,
        p.tally.right,
        p.tally.different,
        p.tally.wrong,
        p.tally.failedSearches,
        `${formatNumber(p.tally.searchLatency.p50)} / ${formatNumber(p.tally.searchLatency.p99)}`,
        p.tally.acknowledged,
        p.tally.failedWrites,
        p.tally.lost + p.loadedRowsMissing,
        `${formatNumber(p.tally.writeLatency.p50)} / ${formatNumber(p.tally.writeLatency.p99)}`,
      ]),
    })
  const failures = phases.reduce(
    (sum, p) =>
      sum +
      p.tally.wrong +
      p.tally.failedSearches +
      p.tally.failedWrites +
      p.tally.lost +
      p.loadedRowsMissing,
    0,
  )
  const summary: SummaryRow[] = []
  if (single && citus) {
    const met = citus.complete === 1 && citus.recall >= single.recall - 0.005
    summary.push(
      {
        workload: 'W15',
        metric: 'per-user search on Citus, skewed: complete / recall@10 / p50 / p99 ms',
        ours: searchCells(citus),
        peers: `single server ${searchCells(single)}`,
        target: "100% / the single server's recall",
        met: ctx.smoke ? null : met,
        ...(met || ctx.smoke
          ? {}
          : {
              why: `on the cluster ${formatNumber(citus.complete * 100, 1)}% of answers were complete, recall ${formatNumber(citus.recall, 3)} against ${formatNumber(single.recall, 3)} on one server`,
            }),
      },
      {
        workload: 'W15',
        metric: 'ingest through the coordinator, rows/s: one user / every user of the mix',
        ours: `${formatNumber(citus.m.oneUserRowsPerSecond, 0)} / ${formatNumber(citus.m.allUsersRowsPerSecond, 0)}`,
        peers: `single server ${formatNumber(single.m.oneUserRowsPerSecond, 0)} / ${formatNumber(single.m.allUsersRowsPerSecond, 0)}`,
        target: '—',
        met: null,
      },
    )
  }
  if (phases.length > 0) {
    const searches = phases.reduce((sum, p) => sum + p.tally.searches, 0)
    const writes = phases.reduce((sum, p) => sum + p.tally.acknowledged + p.tally.failedWrites, 0)
    summary.push({
      workload: 'W15',
      metric: 'adding and draining a worker under load: wrong / failed answers, failed writes, lost memories',
      ours: phases
        .map(
          (p) =>
            `${p.tally.wrong} / ${p.tally.failedSearches}, ${p.tally.failedWrites}, ${p.tally.lost + p.loadedRowsMissing}`,
        )
        .join(' then '),
      peers: `${searches} searches, ${writes} writes`,
      target: '0 / 0, 0, 0',
      met: failures === 0,
      ...(failures === 0
        ? {}
        : {
            why: phases
              .flatMap((p) => p.tally.examples)
              .slice(0, 3)
              .join('; '),
          }),
    })
  }
  const notes = [
    "Both backends load the same rows through `store.upsert` (batches of up to 5,000 per user): first one user's bulk import (W1's shape), then every user of W3's skewed mix user by user; `maintainVectorIndexes` then builds what the sizes call for. Only the loads are timed.",
    '“complete” = min(k, rows of the user) rows returned; recall@10 against the exact answer within the user, computed in JS.',
    "Under load: searches cycle through the same queries and each answer is judged against the one the cluster gave before the change: wrong when incomplete, holding another user's row or the same row twice, or ranking worse against the exact answer (an order of ties that differs but finds as much is counted apart, as “different, no worse”). Each write is one new memory of one of the writers' users; after each change every write acknowledged so far is read back by id, and the loaded users' rows are counted.",
    "The node is added and removed in the bench's own database only (Citus keeps membership per database), which is dropped on every node at the end.",
    ...phases.flatMap((p) => p.tally.examples.map((line) => `${p.label}: ${line}`)),
  ]
  return {
    report: {
      id: 'W15',
      title: 'Citus: per-user search, ingest and a rebalance under load, beside one server',
      status: failures === 0 ? 'ok' : 'failed',
      ...(failures === 0
        ? {}
        : {
            reason: `${failures} wrong or failed answers, failed writes or lost memories while the cluster changed`,
          }),
      settings,
      tables,
      notes,
      summary,
    },
    environment: { citus: String(settings.Citus) },
  }
}
