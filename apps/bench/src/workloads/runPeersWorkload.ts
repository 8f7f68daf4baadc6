import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { startFakeEmbeddingsServer } from '@agent-memory/testkit'
import { packageVersion } from '../harness/packageVersion.js'
import type { PeerPlan } from '../peers/w12/PeerPlan.js'
import type { PeerResult, PeerSearchResult } from '../peers/w12/PeerResult.js'
import { createScratchDatabase } from '../pg/createScratchDatabase.js'
import { formatNumber } from '../report/formatNumber.js'
import type { BenchContext } from './BenchContext.js'
import type { WorkloadOutcome } from './WorkloadOutcome.js'

const run = promisify(execFile)
const DIMENSIONS = 512
const CHILD = fileURLToPath(new URL('../peers/w12/peerChild.js', import.meta.url))

interface SideSpec {
  key: string
  label: string
  side: PeerPlan['side']
  /** The node binary, or why that Node cannot be had. */
  node: string | { reason: string }
}

type Outcome = { ok: true; result: PeerResult } | { ok: false; reason: string }

/**
 * W12: the memory libraries a TypeScript developer would pick instead — mem0 (OSS SDK) and
 * Mastra memory — end to end beside ours, each through its own API on its own PostgreSQL
 * database, all embedding through one OpenAI-compatible server on 127.0.0.1 that serves the
 * hashing embedder's vectors. Each side runs in a child process: mem0 and ours on this Node,
 * Mastra (Node ≥ 22.13) and ours again on Node 24, so neither ratio measures the runtime.
 */
export async function runPeersWorkload(ctx: BenchContext): Promise<WorkloadOutcome> {
  const solo = ctx.smoke ? 300 : ctx.size
  const plan = {
    dimensions: DIMENSIONS,
    solo,
    checkpoints: [...new Set([Math.min(ctx.smoke ? 100 : 1000, solo), solo])],
    // 1,000 users at the default size; a smaller --size scales them down (at least 100).
    users: ctx.smoke ? 30 : Math.min(1000, Math.max(100, Math.round(solo / 10))),
    perUser: 10,
    queries: ctx.smoke ? 30 : 200,
    warmup: ctx.smoke ? 5 : 20,
    k: ctx.k,
    batch: 100,
    locomo: {
      file: process.env.LOCOMO_FILE ?? resolve(ctx.repoRoot, '../shared/eval/locomo-dev.json'),
      conversations: ctx.smoke ? 1 : 5,
      questionsPerConversation: ctx.smoke ? 40 : 10_000,
    },
  }
  const locomoReadable = await readFile(plan.locomo.file).then(
    () => true,
    () => false,
  )
  const node24 = await nodeOfMajor(ctx.repoRoot, 24)
  const sides: SideSpec[] = [
    {
      key: 'ours_pg',
      label: `ours (PostgreSQL), Node ${process.versions.node}`,
      side: 'ours-postgres',
      node: process.execPath,
    },
    {
      key: 'ours_embedded',
      label: `ours (embedded), Node ${process.versions.node}`,
      side: 'ours-embedded',
      node: process.execPath,
    },
    { key: 'mem0', label: `mem0, Node ${process.versions.node}`, side: 'mem0', node: process.execPath },
    { key: 'ours_pg_24', label: 'ours (PostgreSQL), Node 24', side: 'ours-postgres', node: node24 },
    { key: 'mastra', label: 'Mastra, Node 24', side: 'mastra', node: node24 },
  ]
  const hashing = createHashingEmbedder({ dimensions: DIMENSIONS })
  const server = await startFakeEmbeddingsServer({
    dimensions: DIMENSIONS,
    embed: (inputs) => hashing.embed(inputs),
  })
  const dir = await mkdtemp(join(tmpdir(), 'agent-memory-bench-w12-'))
  const outcomes = new Map<string, Outcome>()
  try {
    for (const spec of sides) {
      if (typeof spec.node !== 'string') {
        outcomes.set(spec.key, { ok: false, reason: spec.node.reason })
        ctx.log(`W12 ${spec.label}: skipped: ${spec.node.reason}`)
        continue
      }
      const db =
        spec.side === 'ours-embedded'
          ? undefined
          : await createScratchDatabase(ctx.databaseUrl!, `agent_memory_bench_${process.pid}_w12_${spec.key}`)
      const resultFile = join(dir, `${spec.key}.json`)
      const sidePlan: PeerPlan = {
        ...plan,
        side: spec.side,
        ...(db ? { databaseUrl: db.url } : {}),
        embedderUrl: server.url,
        ...(locomoReadable ? {} : { locomo: undefined }),
        resultFile,
      }
      const planFile = join(dir, `${spec.key}.plan.json`)
      await writeFile(planFile, JSON.stringify(sidePlan))
      const t0 = Date.now()
      try {
        await run(spec.node, [CHILD, planFile], {
          env: {
            ...process.env,
            // The peers' own switches for their telemetry (mem0 posts to PostHog unless told not to).
            MEM0_TELEMETRY: 'false',
            MASTRA_TELEMETRY_DISABLED: '1',
          },
          maxBuffer: 64 * 1024 * 1024,
          timeout: (ctx.smoke ? 5 : 30) * 60_000,
        })
        const result = JSON.parse(await readFile(resultFile, 'utf8')) as PeerResult
        outcomes.set(spec.key, { ok: true, result })
        ctx.log(`W12 ${spec.label} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      } catch (error) {
        const reason = childFailure(error)
        outcomes.set(spec.key, { ok: false, reason })
        ctx.log(`W12 ${spec.label} failed: ${reason}`)
      } finally {
        await db?.drop()
      }
    }
  } finally {
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
  return { report: buildReport(ctx, plan, sides, outcomes, locomoReadable) }
}

/** The Node of that major that scripts/node-from-npm.sh provides (cached by npm), or why not. */
async function nodeOfMajor(repoRoot: string, major: number): Promise<string | { reason: string }> {
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath
  try {
    const { stdout } = await run('bash', [join(repoRoot, 'scripts/node-from-npm.sh'), String(major)], {
      timeout: 120_000,
    })
    return join(stdout.trim(), 'node')
  } catch (error) {
    return { reason: `Node ${major} could not be had from scripts/node-from-npm.sh: ${childFailure(error)}` }
  }
}

/** A child's failure in a line: its last stderr line that says something, never a stack. */
function childFailure(error: unknown): string {
  const { killed, signal } = error as { killed?: boolean; signal?: string }
  if (killed) return `did not finish in time (killed with ${signal ?? 'a signal'})`
  const stderr = String((error as { stderr?: unknown }).stderr ?? '')
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at ') && !line.startsWith('^') && !line.startsWith('node:'))
  const message = lines.find((line) => /^\w*Error\b|\bError:/.test(line)) ?? lines.at(-1)
  return (message ?? (error instanceof Error ? error.message : String(error))).slice(0, 300)
}

function buildReport(
  _ctx: BenchContext,
  plan: Omit<PeerPlan, 'side' | 'embedderUrl' | 'resultFile'>,
  sides: SideSpec[],
  outcomes: Map<string, Outcome>,
  locomoReadable: boolean,
): WorkloadOutcome['report'] {
  const get = (key: string) => {
    const outcome = outcomes.get(key)
    return outcome?.ok ? outcome.result : undefined
  }
  const why = (key: string) => {
    const outcome = outcomes.get(key)
    return outcome && !outcome.ok ? `skipped: ${outcome.reason}` : '—'
  }
  const oursPg = get('ours_pg')
  const oursEmbedded = get('ours_embedded')
  const mem0 = get('mem0')
  const oursPg24 = get('ours_pg_24')
  const mastra = get('mastra')
  const columns = [
    'row',
    `ours (PG), Node ${process.versions.node}`,
    `ours (embedded), Node ${process.versions.node}`,
    `mem0, Node ${process.versions.node}`,
    'ours ÷ mem0',
    'ours (PG), Node 24',
    'Mastra, Node 24',
    'ours ÷ Mastra',
  ]
  const ratio = (ours: number | undefined, peer: number | undefined, decimals = 2) =>
    ours !== undefined && peer !== undefined && peer > 0 ? `${formatNumber(ours / peer, decimals)}×` : '—'
  const cell = (key: string, value: (r: PeerResult) => string) => {
    const result = get(key)
    return result ? value(result) : why(key)
  }

  const rate = (memories: number, ms: number) => (memories / ms) * 1000
  const ingestRows = (['soloIngest', 'usersIngest'] as const).map((field) => {
    const label = field === 'soloIngest' ? `1 user × ${plan.solo}` : `${plan.users} users × ${plan.perUser}`
    const r = (result: PeerResult | undefined) =>
      result ? rate(result[field].memories, result[field].ms) : undefined
    return [
      label,
      cell('ours_pg', (x) => formatNumber(r(x), 0)),
      cell('ours_embedded', (x) => formatNumber(r(x), 0)),
      cell('mem0', (x) => formatNumber(r(x), 0)),
      ratio(r(oursPg), r(mem0), 1),
      cell('ours_pg_24', (x) => formatNumber(r(x), 0)),
      cell('mastra', (x) => formatNumber(r(x), 0)),
      ratio(r(oursPg24), r(mastra), 1),
    ]
  })

  const labels = (oursPg ?? mem0 ?? mastra ?? oursPg24 ?? oursEmbedded)?.search.map((s) => s.label) ?? []
  const searchOf = (result: PeerResult | undefined, label: string) =>
    result?.search.find((s) => s.label === label)
  const latency = (s: PeerSearchResult | undefined) =>
    s
      ? `${formatNumber(s.p50Ms, 2)} / ${formatNumber(s.p99Ms, 2)}${s.statementsPerQuery ? ` (${formatNumber(s.statementsPerQuery, 1)} round trips)` : ''}`
      : '—'
  const searchRows = labels.map((label) => [
    label,
    cell('ours_pg', (x) => latency(searchOf(x, label))),
    cell('ours_embedded', (x) => latency(searchOf(x, label))),
    cell('mem0', (x) => latency(searchOf(x, label))),
    ratio(searchOf(oursPg, label)?.p50Ms, searchOf(mem0, label)?.p50Ms, 3),
    cell('ours_pg_24', (x) => latency(searchOf(x, label))),
    cell('mastra', (x) => latency(searchOf(x, label))),
    ratio(searchOf(oursPg24, label)?.p50Ms, searchOf(mastra, label)?.p50Ms, 3),
  ])
  const share = (s: PeerSearchResult | undefined) => (s?.queries ? s.complete / s.queries : undefined)
  const quality = (s: PeerSearchResult | undefined) =>
    s
      ? `${formatNumber((s.complete / s.queries) * 100, 0)} % complete, ${s.violations} violations${s.unknownHits ? `, ${s.unknownHits} unknown hits` : ''}`
      : '—'
  const qualityRows = labels.map((label) => [
    label,
    cell('ours_pg', (x) => quality(searchOf(x, label))),
    cell('ours_embedded', (x) => quality(searchOf(x, label))),
    cell('mem0', (x) => quality(searchOf(x, label))),
    ratio(share(searchOf(oursPg, label)), share(searchOf(mem0, label))),
    cell('ours_pg_24', (x) => quality(searchOf(x, label))),
    cell('mastra', (x) => quality(searchOf(x, label))),
    ratio(share(searchOf(oursPg24, label)), share(searchOf(mastra, label))),
  ])
  const locomoCell = (x: PeerResult) =>
    x.locomo
      ? `${formatNumber(x.locomo.recallAny10 * 100, 1)} % (p50 ${formatNumber(x.locomo.p50Ms, 1)} ms)`
      : 'skipped: LoCoMo file not readable'
  const recall = (x: PeerResult | undefined) => x?.locomo?.recallAny10
  const locomoRow = [
    `LoCoMo recall_any@10 (${(oursPg ?? mem0 ?? mastra)?.locomo?.questions ?? 0} questions, ${plan.locomo?.conversations ?? 0} conversations)`,
    cell('ours_pg', locomoCell),
    cell('ours_embedded', locomoCell),
    cell('mem0', locomoCell),
    ratio(recall(oursPg), recall(mem0)),
    cell('ours_pg_24', locomoCell),
    cell('mastra', locomoCell),
    ratio(recall(oursPg24), recall(mastra)),
  ]

  const sideRows = sides.map((spec) => {
    const result = get(spec.key)
    return [
      spec.label,
      result?.node ?? why(spec.key),
      result?.describe.version ?? '—',
      result?.describe.store ?? '—',
      result?.describe.write ?? '—',
      result?.describe.search ?? '—',
      result ? (result.refusedRequests.length ? result.refusedRequests.join(', ') : 'none') : '—',
    ]
  })

  const summary = []
  const first = labels[0]
  const last = labels.at(-1)
  const soloLabel = labels.length > 1 ? labels[labels.length - 2] : first
  if (oursPg && mem0)
    summary.push({
      workload: 'W12',
      metric: `vs mem0 (same embedder over HTTP): ingest 1 user × ${plan.solo} memories/s`,
      ours: formatNumber(rate(oursPg.soloIngest.memories, oursPg.soloIngest.ms), 0),
      peers: `mem0 ${formatNumber(rate(mem0.soloIngest.memories, mem0.soloIngest.ms), 0)}: ${ratio(rate(oursPg.soloIngest.memories, oursPg.soloIngest.ms), rate(mem0.soloIngest.memories, mem0.soloIngest.ms), 1)}`,
      target: '—',
      met: null,
    })
  if (oursPg && mem0 && soloLabel)
    summary.push({
      workload: 'W12',
      metric: `vs mem0: search p50, ${soloLabel}`,
      ours: `${formatNumber(searchOf(oursPg, soloLabel)?.p50Ms, 2)} ms`,
      peers: `mem0 ${formatNumber(searchOf(mem0, soloLabel)?.p50Ms, 2)} ms`,
      target: '—',
      met: null,
    })
  if (oursPg24 && mastra)
    summary.push({
      workload: 'W12',
      metric: `vs Mastra (Node 24): ingest 1 user × ${plan.solo} memories/s`,
      ours: formatNumber(rate(oursPg24.soloIngest.memories, oursPg24.soloIngest.ms), 0),
      peers: `Mastra ${formatNumber(rate(mastra.soloIngest.memories, mastra.soloIngest.ms), 0)}: ${ratio(rate(oursPg24.soloIngest.memories, oursPg24.soloIngest.ms), rate(mastra.soloIngest.memories, mastra.soloIngest.ms), 1)}`,
      target: '—',
      met: null,
    })
  if (oursPg24 && mastra && soloLabel)
    summary.push({
      workload: 'W12',
      metric: `vs Mastra: search p50, ${soloLabel}`,
      ours: `${formatNumber(searchOf(oursPg24, soloLabel)?.p50Ms, 2)} ms`,
      peers: `Mastra ${formatNumber(searchOf(mastra, soloLabel)?.p50Ms, 2)} ms`,
      target: '—',
      met: null,
    })
  if (last && (oursPg || oursPg24))
    summary.push({
      workload: 'W12',
      metric: `complete answers, ${last}`,
      ours: `${formatNumber((share(searchOf(oursPg ?? oursPg24, last)) ?? Number.NaN) * 100, 0)} %`,
      peers: `mem0 ${mem0 ? `${formatNumber((share(searchOf(mem0, last)) ?? Number.NaN) * 100, 0)} %` : why('mem0')}; Mastra ${mastra ? `${formatNumber((share(searchOf(mastra, last)) ?? Number.NaN) * 100, 0)} %` : why('mastra')}`,
      target: '100 %',
      met: share(searchOf(oursPg ?? oursPg24, last)) === 1,
    })
  if (oursPg?.locomo)
    summary.push({
      workload: 'W12',
      metric: 'LoCoMo recall_any@10 through each library’s own search',
      ours: `${formatNumber(oursPg.locomo.recallAny10 * 100, 1)} %`,
      peers: `mem0 ${mem0?.locomo ? `${formatNumber(mem0.locomo.recallAny10 * 100, 1)} %` : why('mem0')}; Mastra ${mastra?.locomo ? `${formatNumber(mastra.locomo.recallAny10 * 100, 1)} %` : why('mastra')}`,
      target: '—',
      met: null,
    })

  return {
    id: 'W12',
    title: 'Peers end to end: mem0 and Mastra memory beside ours, same embedder, same PostgreSQL',
    status: 'ok',
    settings: {
      embedder: `the hashing embedder (${DIMENSIONS}-d), served on 127.0.0.1 as an OpenAI-compatible /v1/embeddings; every side calls it through its own OpenAI client`,
      'one user': `${plan.solo} memories, search measured at ${plan.checkpoints.join(' and ')}`,
      'many users': `${plan.users} × ${plan.perUser}, beside the one user`,
      queries: `${plan.queries} timed (after ${plan.warmup}) per row, identical for every side`,
      k: plan.k,
      'write batch': plan.batch,
      locomo: locomoReadable
        ? `${plan.locomo?.conversations} conversation(s), one user each`
        : 'skipped: LoCoMo file not readable',
      mem0ai: packageVersion('mem0ai'),
      '@mastra/memory': packageVersion('@mastra/memory'),
      '@mastra/pg': packageVersion('@mastra/pg'),
      '@mastra/core': packageVersion('@mastra/core'),
      'no LLM': "mem0's extraction (infer) and our observe are not measured; only storage and search",
    },
    tables: [
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
      {
        title: 'Completeness (answers with min(k, rows) hits) and isolation (hits of another user)',
        columns,
        rows: qualityRows,
      },
      { title: 'LoCoMo dev, turn level, through each library’s own search', columns, rows: [locomoRow] },
      {
        title: 'The sides: versions, settings, what the adapter calls',
        columns: ['side', 'Node', 'version', 'store', 'write', 'search', 'refused network requests'],
        rows: sideRows,
      },
    ],
    notes: [
      'Every side runs in its own child process on its own PostgreSQL database of the same server (the embedded store on a temporary directory); the embeddings server runs in the bench process.',
      'No LLM is called: mem0 runs with infer: false and Mastra with semantic recall over saved messages; their LLM extraction and our observe are not measured here.',
      'Relevance floors are off on every side (mem0 threshold 0, our embedder minScore 0), so completeness measures the filter and the index, not a score cut.',
      "Ours runs three legs per recall on PostgreSQL (memory vectors through the namespace's own HNSW, BM25 keywords, chunk vectors) where mem0 and Mastra run one vector search. The texts here draw on 65 words, so every query word is in about a third of the one user's memories: at 10,000 the keyword leg reads the matched words of about 9,000 rows a search and, profiled alone, costs several times the vector leg's index walk; it is most of our recall there.",
    ],
    summary,
  }
}
