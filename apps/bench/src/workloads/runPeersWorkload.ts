import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createHashingEmbedder } from '@agent-memory/embedder-hashing'
import { startFakeEmbeddingsServer } from '@agent-memory/testkit'
import { packageVersion } from '../harness/packageVersion.js'
import type { DelayProxy } from '../harness/startDelayProxy.js'
import { startDelayProxyProcess } from '../harness/startDelayProxyProcess.js'
import { measureAddedLatency } from '../peers/w12/measureAddedLatency.js'
import type { PeerPlan } from '../peers/w12/PeerPlan.js'
import type { PeerResult } from '../peers/w12/PeerResult.js'
import { renderPeersReport } from '../peers/w12/renderPeersReport.js'
import { servedVectors } from '../peers/w12/servedVectors.js'
import type { W12Outcome } from '../peers/w12/W12Outcome.js'
import type { W12Variant } from '../peers/w12/W12Variant.js'
import { w12Sides } from '../peers/w12/w12Sides.js'
import { createScratchDatabase } from '../pg/createScratchDatabase.js'
import { formatNumber } from '../report/formatNumber.js'
import type { BenchContext } from './BenchContext.js'
import type { WorkloadOutcome } from './WorkloadOutcome.js'

const run = promisify(execFile)
const DIMENSIONS = 512
/** The vector size the WAL target of a search is stated at (OpenAI's text-embedding-3-small). */
const WAL_PROBE_DIMENSIONS = 1536
const CHILD = fileURLToPath(new URL('../peers/w12/peerChild.js', import.meta.url))

/**
 * W12: the memory libraries a TypeScript developer would pick instead — mem0 (OSS SDK) and
 * Mastra memory (on its default index and on the one its docs recommend) — end to end beside
 * ours, each through its own API on its own PostgreSQL database, all embedding through one
 * OpenAI-compatible server on 127.0.0.1. Each side runs in a child process (`w12Sides`). A pass
 * (`W12Variant`) chooses the vectors served (the hashing embedder's, or embedder-use's) and
 * whether every round trip to PostgreSQL crosses a delaying proxy.
 */
export async function runPeersWorkload(ctx: BenchContext, variant: W12Variant): Promise<WorkloadOutcome> {
  const solo = ctx.smoke ? 300 : ctx.size
  const plan = {
    dimensions: DIMENSIONS,
    solo,
    checkpoints: [...new Set([Math.min(ctx.smoke ? 100 : 1000, solo), solo])],
    // 1,000 users at the default size; a smaller --size scales them down (at least 100).
    users: ctx.smoke ? 30 : Math.min(1000, Math.max(100, Math.round(solo / 10))),
    perUser: 10,
    // p99 over 1,000 searches is the 10th slowest; over 200 it was the 2nd, one stall from moving.
    queries: ctx.smoke ? 30 : 1000,
    warmup: ctx.smoke ? 5 : 20,
    k: ctx.k,
    batch: 100,
    locomo: {
      file: process.env.LOCOMO_FILE ?? resolve(ctx.repoRoot, '../shared/eval/locomo-dev.json'),
      conversations: ctx.smoke ? 1 : 5,
      questionsPerConversation: ctx.smoke ? 40 : 10_000,
    },
    // PostgreSQL 15 flushes an idle session's statistics within 10 s; the smoke only checks the path.
    writeProbe: { searches: ctx.smoke ? 10 : 200, settleMs: ctx.smoke ? 0 : 11_000 },
  }
  const locomoReadable = await readFile(plan.locomo.file).then(
    () => true,
    () => false,
  )
  const basePlan: PeerPlan = {
    ...plan,
    side: 'ours-postgres',
    embedderUrl: '',
    resultFile: '',
    ...(locomoReadable ? {} : { locomo: undefined }),
  }
  const sides = w12Sides(variant, await nodeOfMajor(ctx.repoRoot, 24), ctx.smoke)
  const vectors = await servedVectors(variant.embedder, basePlan, ctx.repoRoot, ctx.log)
  const server = await startFakeEmbeddingsServer({
    dimensions: DIMENSIONS,
    embed: (inputs) => vectors.embed(inputs),
  })
  const target = new URL(ctx.databaseUrl!)
  let proxy: DelayProxy | undefined
  let latency: Awaited<ReturnType<typeof measureAddedLatency>> | undefined
  const dir = await mkdtemp(join(tmpdir(), 'agent-memory-bench-w12-'))
  const outcomes = new Map<string, W12Outcome>()
  let walProbe: W12Outcome | undefined
  /** One side's child on its plan: its result, or why it has none. */
  const runChild = async (node: string, key: string, sidePlan: PeerPlan): Promise<W12Outcome> => {
    const planFile = join(dir, `${key}.plan.json`)
    await writeFile(planFile, JSON.stringify(sidePlan))
    try {
      await run(node, [CHILD, planFile], {
        env: {
          ...process.env,
          // The peers' own switches for their telemetry (mem0 posts to PostHog unless told not to).
          MEM0_TELEMETRY: 'false',
          MASTRA_TELEMETRY_DISABLED: '1',
        },
        maxBuffer: 64 * 1024 * 1024,
        timeout: (ctx.smoke ? 5 : 40) * 60_000,
      })
      const result = JSON.parse(await readFile(sidePlan.resultFile, 'utf8')) as PeerResult
      return { ok: true, result, onDemand: { texts: 0, ms: 0 } }
    } catch (error) {
      return { ok: false, reason: childFailure(error) }
    }
  }
  try {
    if (variant.addedLatencyMs > 0) {
      proxy = await startDelayProxyProcess(
        { host: target.hostname || '127.0.0.1', port: Number(target.port || 5432) },
        variant.addedLatencyMs,
      )
      latency = await measureAddedLatency(ctx.databaseUrl!, viaProxy(ctx.databaseUrl!, proxy.port))
      ctx.log(
        `W12 delaying proxy: SELECT 1 p50 ${formatNumber(latency.directP50Ms, 3)} ms direct, ${formatNumber(latency.proxiedP50Ms, 3)} ms through it`,
      )
    }
    for (const spec of sides) {
      if (typeof spec.node !== 'string') {
        outcomes.set(spec.key, { ok: false, reason: spec.node.reason })
        ctx.log(`${variant.id} ${spec.label}: skipped: ${spec.node.reason}`)
        continue
      }
      const db =
        spec.side === 'ours-embedded'
          ? undefined
          : await createScratchDatabase(ctx.databaseUrl!, `agent_memory_bench_${process.pid}_w12_${spec.key}`)
      const resultFile = join(dir, `${spec.key}.json`)
      const sidePlan: PeerPlan = {
        ...basePlan,
        side: spec.side,
        ...(spec.mastraIndex ? { mastraIndex: spec.mastraIndex } : {}),
        ...(db ? { databaseUrl: proxy ? viaProxy(db.url, proxy.port) : db.url } : {}),
        embedderUrl: server.url,
        resultFile,
      }
      if (!db) delete sidePlan.writeProbe
      const t0 = Date.now()
      vectors.takeOnDemand()
      try {
        const outcome = await runChild(spec.node, spec.key, sidePlan)
        if (outcome.ok) {
          outcomes.set(spec.key, { ...outcome, onDemand: vectors.takeOnDemand() })
          ctx.log(`${variant.id} ${spec.label} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
        } else {
          outcomes.set(spec.key, outcome)
          ctx.log(`${variant.id} ${spec.label} failed: ${outcome.reason}`)
        }
      } finally {
        await db?.drop()
      }
    }
    // What a search writes, at the vector size its target is stated at: ours on PostgreSQL once
    // more, the same scenario on a database of its own with 1536-d vectors (the hashing
    // embedder's, served by a server of their own), in the first pass only.
    if (variant.embedder === 'hashing' && variant.addedLatencyMs === 0) {
      walProbe = await probeWalAt1536(ctx, basePlan, dir, runChild)
      ctx.log(
        `${variant.id} WAL probe at ${WAL_PROBE_DIMENSIONS}-d: ${walProbe.ok ? 'done' : walProbe.reason}`,
      )
    }
  } finally {
    await proxy?.close()
    await server.close()
    await vectors.save()
    await rm(dir, { recursive: true, force: true })
  }
  const semantic = variant.embedder === 'use'
  const title = `Peers end to end: mem0 and Mastra memory beside ours, same embedder, same PostgreSQL${semantic ? ', the offline semantic embedder' : ''}${variant.addedLatencyMs > 0 ? `, ${variant.addedLatencyMs} ms added to every round trip` : ''}`
  return {
    report: renderPeersReport({
      id: variant.id,
      title,
      plan: basePlan,
      sides,
      outcomes,
      ...(walProbe ? { walProbe } : {}),
      settings: {
        embedder: `${vectors.description}, served on 127.0.0.1 as an OpenAI-compatible /v1/embeddings; every side calls it through its own OpenAI client${vectors.prewarmed ? `; the run's ${vectors.prewarmed.texts} texts embedded before any side ran (${formatNumber(vectors.prewarmed.ms / 1000, 0)} s)` : ''}`,
        'added latency': latency
          ? `${variant.addedLatencyMs} ms per round trip to PostgreSQL (a delaying TCP proxy on 127.0.0.1 in a process of its own, the same for every side): SELECT 1 p50 ${formatNumber(latency.directP50Ms, 3)} ms direct, ${formatNumber(latency.proxiedP50Ms, 3)} ms through it`
          : 'none (loopback)',
        'one user': `${plan.solo} memories, search measured at ${plan.checkpoints.join(' and ')}`,
        'many users': `${plan.users} × ${plan.perUser}, beside the one user`,
        queries: `${plan.queries} timed (after ${plan.warmup}) per row, identical for every side`,
        k: plan.k,
        'write batch': plan.batch,
        locomo: locomoReadable
          ? `${plan.locomo.conversations} conversation(s), one user each`
          : 'skipped: LoCoMo file not readable',
        mem0ai: packageVersion('mem0ai'),
        '@mastra/memory': packageVersion('@mastra/memory'),
        '@mastra/pg': packageVersion('@mastra/pg'),
        '@mastra/core': packageVersion('@mastra/core'),
        'no LLM': "mem0's extraction (infer) and our observe are not measured; only storage and search",
      },
      notes: [
        'Every side runs in its own child process on its own PostgreSQL database of the same server (the embedded store on a temporary directory); the embeddings server runs in the bench process.',
        'No LLM is called: mem0 runs with infer: false and Mastra with semantic recall over saved messages; their LLM extraction and our observe are not measured here.',
        'Relevance floors are off on every side (mem0 threshold 0, our embedder minScore 0), so completeness measures the filter and the index, not a score cut.',
        'Round trips are node-postgres `query` calls of the side’s process per search, background ones included; a pipelined read (several statements written at once) is one.',
        "What a search writes: the server's WAL position and the side's database's counters (`pg_stat_user_tables`) before and after the probe's searches, each after the side's background work and a quiet spell. The WAL between the two positions is read record by record with pg_walinspect and kept where a record changes a block of the side's database or belongs to a transaction that does (its commit): other databases and server-wide records (checkpoints, running-transaction snapshots) are left out, so the figure does not depend on what else the server does. Full-page images are shown apart: a page's first change after a checkpoint's redo point carries one (checkpoints here come every 5 min or 1 GB of WAL, none forced), so the total is what a search costs over a window with whatever checkpoint fell in it, and the records alone what it costs between checkpoints.",
        `The WAL target (≤ 2 KB a search) is stated at ${WAL_PROBE_DIMENSIONS}-d: ours runs the same scenario once more (without LoCoMo) on a database of its own with ${WAL_PROBE_DIMENSIONS}-d vectors of the hashing embedder, for its probe's table and the summary; the sides' table above is at ${DIMENSIONS}-d.`,
        ...(variant.addedLatencyMs > 0
          ? [
              'The embedded store has no round trips to PostgreSQL and is left out of this pass (its figures are the pass without added latency).',
            ]
          : []),
        ...(semantic
          ? []
          : [
              "The texts here draw on 65 words, so every query word is in about a third of the one user's memories: the keyword leg of ours matches most of a user's rows, where mem0 and Mastra run one vector search.",
            ]),
      ],
    }),
  }
}

/** Ours on PostgreSQL on a database of its own with `WAL_PROBE_DIMENSIONS`-d vectors, the scenario without LoCoMo, for its write probe. */
async function probeWalAt1536(
  ctx: BenchContext,
  basePlan: PeerPlan,
  dir: string,
  runChild: (node: string, key: string, plan: PeerPlan) => Promise<W12Outcome>,
): Promise<W12Outcome> {
  const hashing = createHashingEmbedder({ dimensions: WAL_PROBE_DIMENSIONS })
  const server = await startFakeEmbeddingsServer({
    dimensions: WAL_PROBE_DIMENSIONS,
    embed: (inputs) => hashing.embed(inputs),
  })
  const db = await createScratchDatabase(ctx.databaseUrl!, `agent_memory_bench_${process.pid}_w12_wal`)
  try {
    const { locomo: _skipped, ...plan } = basePlan
    return await runChild(process.execPath, 'wal_probe', {
      ...plan,
      side: 'ours-postgres',
      dimensions: WAL_PROBE_DIMENSIONS,
      databaseUrl: db.url,
      embedderUrl: server.url,
      resultFile: join(dir, 'wal_probe.json'),
    })
  } finally {
    await db.drop()
    await server.close()
  }
}

/** `url` with its host and port replaced by the delaying proxy's. */
function viaProxy(url: string, port: number): string {
  const proxied = new URL(url)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(port)
  return proxied.toString()
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
  // The error's own line ("TypeError [ERR_…]: …", "Error: …"), not the source line Node quotes
  // above an uncaught one (such as "Error.captureStackTrace(err);").
  const message = lines.find((line) => /^(\w+\.)?\w*Error( \[\w+\])?:/.test(line)) ?? lines.at(-1)
  return (message ?? (error instanceof Error ? error.message : String(error))).slice(0, 300)
}
