import { measureLatencies } from '../harness/measureLatencies.js'
import { measureMirrored } from '../harness/measureMirrored.js'
import { timeIt } from '../harness/timeIt.js'
import { vectorLiteral } from '../harness/vectorLiteral.js'
import { copyIntoLangChainTable } from '../peers/copyIntoLangChainTable.js'
import { openLangChainPeer } from '../peers/openLangChainPeer.js'
import { rowOfLangChainId } from '../peers/rowOfLangChainId.js'
import { buildHnswIndex } from '../pg/buildHnswIndex.js'
import { copyRowsBinary } from '../pg/copyRowsBinary.js'
import { createRawTable } from '../pg/createRawTable.js'
import { exactTruthInPostgres } from '../pg/exactTruthInPostgres.js'
import { settleTable } from '../pg/settleTable.js'
import { sharedBuffersMb } from '../pg/sharedBuffersMb.js'
import type { CurvePoint, CurveSeries, SummaryRow } from '../report/BenchReport.js'
import { formatNumber } from '../report/formatNumber.js'
import type { BenchContext } from './BenchContext.js'
import { meanRecall } from './meanRecall.js'
import type { OursSearchFactory, OursSearchTarget } from './OursSearchTarget.js'
import { rawRows } from './rawRows.js'
import type { WorkloadOutcome } from './WorkloadOutcome.js'

const SWEEP = [20, 40, 64, 100, 200, 400]

/** The calibrated ef_search our target's settings name (`… calibrated: 100,000 rows → 10`). */
function calibratedOf(settings: Record<string, string | number>): string {
  const found = /calibrated: ([^;]*)$/.exec(String(settings['ANN ef_search'] ?? ''))
  return found?.[1] ?? 'not reported'
}

/**
 * W2: unfiltered top-k over `size` rows with HNSW (m 16, ef_construction 64): raw SQL over an
 * ef_search sweep (the curve our default sits on), an exact scan for scale, LangChain.js
 * `similaritySearchVectorWithScore` on its own table shape, and our store (one namespace holding
 * every row, so it takes its ANN path).
 */
export async function runSearchWorkload(
  ctx: BenchContext,
  oursTargets: OursSearchFactory[],
): Promise<WorkloadOutcome> {
  const pool = ctx.pool!
  const n = ctx.size
  const k = ctx.k
  const rows = rawRows(ctx, n, () => 'w2')
  const measure = { warmup: ctx.warmup, iterations: ctx.queries }
  const queryText = Array.from({ length: ctx.queries }, (_, q) => vectorLiteral(ctx.queryVectors.row(q)))
  const tableRows: Array<Array<string | number>> = []
  const summary: SummaryRow[] = []
  const curves: CurveSeries[] = []

  // A server whose buffer pool holds the table and its indexes (`scripts/tune-postgres.sh`) answers
  // from memory, one with the default 128 MB through the OS page cache: the two are reported apart.
  const buffersMb = await sharedBuffersMb(pool)
  const tuned = buffersMb >= Math.ceil((n * 2 * 8192) / 1048576)
  const id = tuned ? 'W2 (tuned)' : 'W2'
  const server = `${tuned ? 'tuned' : 'default'} server (shared_buffers ${buffersMb} MB)`

  await createRawTable(pool, 'w2_raw', ctx.data.dimensions)
  const load = await timeIt(() => copyRowsBinary(pool, 'w2_raw', rows))
  const truthTimed = await timeIt(() => exactTruthInPostgres(pool, 'w2_raw', queryText, k))
  const truth = truthTimed.result
  ctx.log(
    `W2 ground truth: ${ctx.queries} exact top-${k} scans over ${n} rows in Postgres in ${formatNumber(truthTimed.ms / 1000)} s`,
  )
  const buildMs = await buildHnswIndex(pool, 'w2_raw', '2GB')
  ctx.log(
    `W2 raw: loaded ${n} rows in ${formatNumber(load.ms / 1000)} s, HNSW built in ${formatNumber(buildMs / 1000)} s`,
  )

  const client = await pool.connect()
  const sweep: CurvePoint[] = []
  let rawDefault: { p50: number; p99: number; recall: number } | null = null
  try {
    // The sweep measures the index: pgvector 0.8 costs an HNSW scan by its ef_search, so at a
    // high one the planner may pick the 100k-row sequential scan instead (a 1 s "ef 200" point).
    await client.query('SET enable_seqscan = off')
    for (const ef of ctx.smoke ? [40, 100] : SWEEP) {
      await client.query(`SET hnsw.ef_search = ${ef}`)
      const measured = await measureLatencies(async (i) => {
        const { rows: hits } = await client.query<{ id: string }>(
          'SELECT id FROM w2_raw ORDER BY embedding <=> $1::vector LIMIT $2',
          [queryText[i % queryText.length], k],
        )
        return hits.map((h) => Number(h.id))
      }, measure)
      const recall = meanRecall(measured.results, truth, k)
      sweep.push({ label: `ef ${ef}`, recall, p50: measured.latency.p50, p99: measured.latency.p99 })
      tableRows.push([
        `raw SQL, HNSW ef_search ${ef}`,
        formatNumber(measured.latency.p50, 2),
        formatNumber(measured.latency.p95, 2),
        formatNumber(measured.latency.p99, 2),
        formatNumber(recall, 3),
      ])
      if (ef === 40) rawDefault = { p50: measured.latency.p50, p99: measured.latency.p99, recall }
      ctx.log(
        `W2 raw ef_search ${ef}: p50 ${formatNumber(measured.latency.p50)} ms, recall ${formatNumber(recall, 3)}`,
      )
    }
    await client.query('RESET hnsw.ef_search')
    await client.query('RESET enable_seqscan')
    // The exact scan, for scale: fewer queries, it is slow by design.
    await client.query('SET enable_indexscan = off')
    const exactQueries = Math.min(ctx.queries, ctx.smoke ? 20 : 100)
    const exact = await measureLatencies(
      async (i) => {
        const { rows: hits } = await client.query<{ id: string }>(
          'SELECT id FROM w2_raw ORDER BY embedding <=> $1::vector LIMIT $2',
          [queryText[i], k],
        )
        return hits.map((h) => Number(h.id))
      },
      { warmup: 2, iterations: exactQueries },
    )
    await client.query('RESET enable_indexscan')
    const exactRecall = meanRecall(exact.results, truth, k)
    tableRows.push([
      `raw SQL, exact scan (seq scan, ${exactQueries} queries)`,
      formatNumber(exact.latency.p50, 2),
      formatNumber(exact.latency.p95, 2),
      formatNumber(exact.latency.p99, 2),
      formatNumber(exactRecall, 3),
    ])
  } finally {
    client.release()
  }
  curves.push({ name: 'raw SQL ef_search sweep', points: sweep })
  await pool.query('DROP TABLE w2_raw')

  const settings: Record<string, string | number> = {
    rows: n,
    server,
    queries: ctx.queries,
    warmup: ctx.warmup,
    k,
    hnsw: 'm 16, ef_construction 64, cosine',
    'raw HNSW build s': formatNumber(buildMs / 1000, 1),
    'ground truth s (exact scans in Postgres)': formatNumber(truthTimed.ms / 1000, 1),
  }
  const notes = [
    'Raw SQL: one pooled client, `SET hnsw.ef_search` per sweep point, only the query timed; vectors sent as text literals (as the peers do).',
    'Recall@10 against the exact top-10 by inner product (ties by id) that PostgreSQL scans over the raw table before its index is built; synthetic clustered data overstates HNSW recall compared with real embeddings (perf-anchors §6).',
  ]

  // LangChain.js on its own table shape, default ef_search (it sets none). Its table stays while
  // our store loads: the two are then timed in mirrored passes (`measureMirrored`).
  const peer = await openLangChainPeer(ctx.databaseUrl!, ctx.schema, 'w2_langchain', ctx.data.dimensions)
  const targets: OursSearchTarget[] = []
  try {
    await copyIntoLangChainTable(pool, `"${ctx.schema}".w2_langchain`, rows)
    await peer.createHnswIndex({ dimensions: ctx.data.dimensions })
    await settleTable(pool, `"${ctx.schema}".w2_langchain`)
    const queryArrays = Array.from({ length: ctx.queries }, (_, q) => Array.from(ctx.queryVectors.row(q)))
    for (const [index, ours] of oursTargets.entries()) {
      const target = await ours(`w2_${index}`)
      targets.push(target)
      const loaded = await timeIt(() => target.load(rows))
      ctx.log(`W2 ${target.label}: loaded ${n} rows in ${formatNumber(loaded.ms / 1000)} s`)
      settings[`${target.label} load s (incl. index build, VACUUM, CHECKPOINT)`] = formatNumber(
        loaded.ms / 1000,
        1,
      )
    }

    const [langchain, ...oursMeasured] = await measureMirrored<number[]>(
      [
        async (i) => {
          const hits = await peer.similaritySearchVectorWithScore(queryArrays[i % ctx.queries]!, k)
          return hits.map(([doc]) => rowOfLangChainId(String(doc.id)))
        },
        ...targets.map(
          (target) => (i: number) =>
            target.search('w2', ctx.queryVectors.row(i % ctx.queries), k, { recallGuard: false }),
        ),
      ],
      measure,
    )
    const langchainRecall = meanRecall(langchain!.results, truth, k)
    tableRows.push([
      'LangChain.js similaritySearchVectorWithScore (ef_search default 40)',
      formatNumber(langchain!.latency.p50, 2),
      formatNumber(langchain!.latency.p95, 2),
      formatNumber(langchain!.latency.p99, 2),
      formatNumber(langchainRecall, 3),
    ])
    curves.push({
      name: 'LangChain.js',
      points: [
        { label: 'LC', recall: langchainRecall, p50: langchain!.latency.p50, p99: langchain!.latency.p99 },
      ],
    })
    ctx.log(
      `W2 LangChain: p50 ${formatNumber(langchain!.latency.p50)} ms, recall ${formatNumber(langchainRecall, 3)}`,
    )

    for (const [index, target] of targets.entries()) {
      const measured = oursMeasured[index]!
      const recall = meanRecall(measured.results, truth, k)
      Object.assign(
        settings,
        Object.fromEntries(
          Object.entries(target.settings()).map(([key, v]) => [`${target.label} ${key}`, v]),
        ),
      )
      tableRows.push([
        `${target.label} searchVector`,
        formatNumber(measured.latency.p50, 2),
        formatNumber(measured.latency.p95, 2),
        formatNumber(measured.latency.p99, 2),
        formatNumber(recall, 3),
      ])
      curves.push({
        name: target.label,
        points: [{ label: '', recall, p50: measured.latency.p50, p99: measured.latency.p99 }],
      })
      ctx.log(
        `W2 ${target.label}: p50 ${formatNumber(measured.latency.p50)} ms, recall ${formatNumber(recall, 3)}`,
      )
      // The recall guard at the store's defaults, in a pass of its own right after: its first
      // sample (an exact re-run of the whole namespace, off the response path) lands inside these
      // few seconds, so the pass shows the guard's worst window, not its share of a day.
      const guarded = await measureLatencies(
        (i) => target.search('w2', ctx.queryVectors.row(i % ctx.queries), k),
        measure,
      )
      tableRows.push([
        `${target.label} searchVector, recall guard on (its defaults, a pass of its own)`,
        formatNumber(guarded.latency.p50, 2),
        formatNumber(guarded.latency.p95, 2),
        formatNumber(guarded.latency.p99, 2),
        formatNumber(meanRecall(guarded.results, truth, k), 3),
      ])
      ctx.log(`W2 ${target.label}, recall guard on: p50 ${formatNumber(guarded.latency.p50)} ms`)
      const big = n >= 100_000
      // What the same recall costs the raw index itself, in this run: the cheapest ef_search of
      // the sweep that reaches it.
      const matching = sweep
        .filter((point) => point.recall >= recall - 0.0005)
        .sort((a, b) => a.p50 - b.p50)[0]
      const why =
        `recall ${formatNumber(recall, 3)} against LangChain's ${formatNumber(langchainRecall, 3)}: ` +
        (matching === undefined
          ? `no ef_search of the raw sweep reached that recall in this run`
          : `the raw index alone needs ${matching.label} for it (${formatNumber(matching.p50)} ms p50 in this run, against ${formatNumber(rawDefault?.p50)} ms at LangChain's ef 40)`) +
        `; ours walks its namespace's own HNSW (half-precision key) at the ef_search its build calibrated (${calibratedOf(target.settings())})`
      const latencyMet = measured.latency.p50 <= 2.5 && measured.latency.p99 <= 6
      const ratio = measured.latency.p50 / langchain!.latency.p50
      const ratioMet = ratio <= 1.1
      summary.push(
        {
          workload: id,
          metric: `${target.label}: top-10 at ${n.toLocaleString('en-US')}, p50 / p99 ms`,
          ours: `${formatNumber(measured.latency.p50)} / ${formatNumber(measured.latency.p99)}`,
          peers: `LangChain ${formatNumber(langchain!.latency.p50)} / ${formatNumber(langchain!.latency.p99)}; raw ef 40 ${formatNumber(rawDefault?.p50)} / ${formatNumber(rawDefault?.p99)}`,
          target: big ? 'p50 ≤ 2.5, p99 ≤ 6 (100k)' : 'p50 ≤ 2.5, p99 ≤ 6 (stated for 100k)',
          met: ctx.smoke || !big ? null : latencyMet,
          ...(big && !latencyMet ? { why } : {}),
        },
        {
          workload: id,
          metric: `${target.label}: recall@10 at ${n.toLocaleString('en-US')}`,
          ours: formatNumber(recall, 3),
          peers: `LangChain ${formatNumber(langchainRecall, 3)}; raw ef 40 ${formatNumber(rawDefault?.recall, 3)}`,
          target: '≥ 0.97',
          met: ctx.smoke ? null : recall >= 0.97,
        },
        {
          workload: id,
          metric: `${target.label}: p50 ÷ LangChain (same run, mirrored passes)`,
          ours: `${formatNumber(ratio, 2)}×`,
          peers: '1.00×',
          target: '≤ 1.1× (perf-anchors §7.1)',
          met: ctx.smoke ? null : ratioMet,
          ...(ratioMet ? {} : { why }),
        },
      )
    }
  } finally {
    for (const target of targets) await target.close()
    await peer.end()
    await pool.query(`DROP TABLE IF EXISTS "${ctx.schema}".w2_langchain`)
  }
  if (oursTargets.length === 0) notes.push('Our store was not available in this run: only the baselines ran.')
  notes.push(
    'Our store searches a namespace of ≤ exactSearchMaxRows (default 2,000) rows exactly and a larger one through its own partial HNSW index (built after the load by `maintainVectorIndexes`); the “ANN forced” row lowers that threshold to 100.',
    'LangChain.js and our store are timed in passes of their own, twice, in mirrored order (LangChain, ours, ours, LangChain: `measureMirrored`), each pass after its own warm-up, each on its own table in the same database; p50/p95/p99 pool both passes. A machine whose speed drifts steadily over minutes weighs on both alike, and neither runs between the other’s queries (rotated query by query, each index would evict the other’s pages from a default server’s shared buffers). Our store runs there with its recall guard off (`recallSampleRate: 0`), as W10 times it.',
    'The “recall guard on” row is the same store at its defaults (1 % of ANN searches re-run exactly off the response path, within 5 % of the clock), timed in a pass of its own right after: a fresh store samples at once, so the pass holds the guard’s first exact re-run of the whole namespace (a sequential scan as long as the exact-scan row) on the same two cores, its worst window; spread over a day the guard keeps to its 5 %.',
  )
  return {
    report: {
      id,
      title: `Top-${k} search, HNSW, ${n.toLocaleString('en-US')} rows${tuned ? `, ${server}` : ''}`,
      status: 'ok',
      settings,
      tables: [
        {
          title: `Top-${k} latency (ms) and recall@${k}`,
          columns: ['Method', 'p50', 'p95', 'p99', `recall@${k}`],
          rows: tableRows,
        },
      ],
      notes,
      summary,
    },
    curves,
  }
}
