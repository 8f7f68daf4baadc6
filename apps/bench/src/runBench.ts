import { cpus, tmpdir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { CITUS_REFUSAL } from './citus/citusRefusal.js'
import { createRng } from './harness/createRng.js'
import { generateClusteredVectors } from './harness/generateClusteredVectors.js'
import { packageVersion } from './harness/packageVersion.js'
import { parseArgs } from './harness/parseArgs.js'
import { repoRoot } from './harness/repoRoot.js'
import { synthesizeText } from './harness/synthesizeText.js'
import type { W12Variant } from './peers/w12/W12Variant.js'
import { benchSchemaName } from './pg/benchSchemaName.js'
import { openPostgres } from './pg/openPostgres.js'
import { postgresEnvironment } from './pg/postgresEnvironment.js'
import { sharedBuffersMb } from './pg/sharedBuffersMb.js'
import type { BenchRun, WorkloadReport } from './report/BenchReport.js'
import { mergeBenchRun } from './report/mergeBenchRun.js'
import { portableCommand } from './report/portableCommand.js'
import { readReport } from './report/readReport.js'
import { sectionCommand } from './report/sectionCommand.js'
import { writeReport } from './report/writeReport.js'
import { runSoakWorkload } from './soak/runSoakWorkload.js'
import type { BenchContext } from './workloads/BenchContext.js'
import { oursWiring } from './workloads/oursWiring.js'
import { runCitusWorkload } from './workloads/runCitusWorkload.js'
import { runDataWorkload } from './workloads/runDataWorkload.js'
import { runEndToEndIngestWorkload } from './workloads/runEndToEndIngestWorkload.js'
import { runIndexCountWorkload } from './workloads/runIndexCountWorkload.js'
import { runIngestWorkload } from './workloads/runIngestWorkload.js'
import { runNamespaceWorkload } from './workloads/runNamespaceWorkload.js'
import { runPeersWorkload } from './workloads/runPeersWorkload.js'
import { runSearchWorkload } from './workloads/runSearchWorkload.js'
import { runShareWorkload } from './workloads/runShareWorkload.js'
import type { WorkloadOutcome } from './workloads/WorkloadOutcome.js'

const DIMENSIONS = 1536
const DATA_SEED = 0x5eed
const CENTRE_SEED = 0xce17
const QUERY_SEED = 0x9e37
/** W12's passes: hashing vectors or embedder-use's, on loopback or 1 ms further from PostgreSQL. */
const W12_VARIANTS: W12Variant[] = [
  { id: 'W12', embedder: 'hashing', addedLatencyMs: 0 },
  { id: 'W12-USE', embedder: 'use', addedLatencyMs: 0 },
  { id: 'W12-NET', embedder: 'hashing', addedLatencyMs: 1 },
  { id: 'W12-USE-NET', embedder: 'use', addedLatencyMs: 1 },
]

interface WorkloadSpec {
  id: string
  title: string
  needsPostgres: boolean
  /** Runs only when `--only` names it. */
  onlyWhenNamed?: boolean
  run: (ctx: BenchContext) => Promise<WorkloadOutcome>
}

/** `pnpm bench [--smoke] [--render] [--size N] [--queries N] [--only W1,W2] [--out DIR] [--soak-minutes M] [--soak-backends embedded,postgres]`. Returns the exit code. */
export async function runBench(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv)
  const smoke = args.smoke
  const size = args.size ?? (smoke ? 1000 : 10_000)
  const queries = args.queries ?? (smoke ? 200 : 1000)
  const ingestRows = smoke ? Math.min(size, 1000) : Math.min(size, 20_000)
  const outDir = args.out
    ? resolve(process.env.INIT_CWD ?? process.cwd(), args.out)
    : smoke
      ? join(tmpdir(), 'agent-memory-bench-smoke')
      : join(repoRoot, 'docs')
  const log = (line: string) => console.log(`[bench] ${line}`)
  if (args.render) {
    log(`wrote ${(await writeReport(outDir, {})).join(', ')} from the report's JSON`)
    return 0
  }
  if (args.only?.includes('W15') && !(process.env.CITUS_DATABASE_URL && process.env.DATABASE_URL)) {
    console.error(`[bench] refused: ${CITUS_REFUSAL}`)
    return 2
  }
  const started = Date.now()
  log(
    `${smoke ? 'smoke' : 'full'} run: size ${size}, ${queries} queries, ingest ${ingestRows} rows, report → ${outDir}`,
  )

  const data = generateClusteredVectors({
    count: size,
    dimensions: DIMENSIONS,
    centreSeed: CENTRE_SEED,
    seed: DATA_SEED,
  })
  const queryVectors = generateClusteredVectors({
    count: queries,
    dimensions: DIMENSIONS,
    centreSeed: CENTRE_SEED,
    seed: QUERY_SEED,
  })
  const texts: string[] = []
  const textRng = createRng(DATA_SEED + 1)
  for (let i = 0; i < size; i++) texts.push(synthesizeText(textRng, 200))
  log(`generated ${size} + ${queries} clustered unit vectors in ${Date.now() - started} ms`)

  const databaseUrl = process.env.DATABASE_URL || undefined
  const pool = databaseUrl ? openPostgres(databaseUrl, benchSchemaName) : undefined
  const ctx: BenchContext = {
    smoke,
    size,
    ingestRows,
    queries,
    warmup: smoke ? 20 : 100,
    k: 10,
    databaseUrl,
    pool,
    schema: benchSchemaName,
    data,
    queryVectors,
    text: (i) => texts[i % texts.length]!,
    log,
    repoRoot,
    ...(args.soakMinutes === undefined ? {} : { soakMinutes: args.soakMinutes }),
    ...(args.soakBackends === undefined ? {} : { soakBackends: args.soakBackends }),
  }
  const environment: Record<string, string> = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
    memory: `${Math.round(totalmem() / 2 ** 30)} GiB`,
    data: `${size} clustered unit vectors × ${DIMENSIONS}-d (1000 centres, σ 0.8), seeds data ${DATA_SEED} / query ${QUERY_SEED}`,
    pg: packageVersion('pg'),
    'pg-copy-streams': packageVersion('pg-copy-streams'),
    '@langchain/community': packageVersion('@langchain/community'),
    '@langchain/core': packageVersion('@langchain/core'),
  }

  const ours = await oursWiring(ctx, environment)
  const workloads: WorkloadSpec[] = [
    {
      id: 'W1',
      title: 'Bulk import, native Postgres',
      needsPostgres: true,
      run: (c) => runIngestWorkload(c, ours.ingest),
    },
    { id: 'W1b', title: 'End-to-end ingest', needsPostgres: true, run: runEndToEndIngestWorkload },
    {
      id: 'W2',
      title: 'Top-10 search, HNSW',
      needsPostgres: true,
      run: (c) =>
        runSearchWorkload(
          c,
          [ours.postgres, c.size < 100_000 ? ours.postgresAnn : undefined].filter((f) => f !== undefined),
        ),
    },
    {
      id: 'W3',
      title: 'Per-namespace top-10',
      needsPostgres: true,
      run: (c) => runNamespaceWorkload(c, ours.postgres),
    },
    { id: 'W10', title: 'Mid-size tenants (1–20% shares)', needsPostgres: true, run: runShareWorkload },
    {
      id: 'W11',
      title: 'What per-namespace indexes cost the rest of the table',
      needsPostgres: true,
      run: runIndexCountWorkload,
    },
    ...W12_VARIANTS.map((variant) => ({
      id: variant.id,
      title: `Peers end to end (mem0, Mastra memory)${variant.embedder === 'use' ? ', embedder-use' : ''}${variant.addedLatencyMs > 0 ? `, +${variant.addedLatencyMs} ms a round trip` : ''}`,
      needsPostgres: true,
      // The passes beside the first run when named (`--only W12-USE`), not in the default run or the smoke.
      onlyWhenNamed: variant.id !== 'W12',
      run: (c: BenchContext) => runPeersWorkload(c, variant),
    })),
    { id: 'W13', title: 'Soak: mixed load on every path', needsPostgres: false, run: runSoakWorkload },
    {
      id: 'W14',
      title: "Your users' data: export and import beside rememberMany",
      needsPostgres: false,
      run: runDataWorkload,
    },
    {
      id: 'W15',
      title: 'Citus: per-user search, ingest and a rebalance under load, beside one server',
      needsPostgres: true,
      // It needs a cluster (CITUS_DATABASE_URL) and changes its membership: only when named.
      onlyWhenNamed: true,
      run: runCitusWorkload,
    },
    ...ours.extraWorkloads,
  ]

  const typed = `pnpm bench${argv.length ? ` ${argv.join(' ')}` : ''}`
  const run: BenchRun = {
    generatedAt: new Date().toISOString(),
    command: portableCommand(typed),
    mode: smoke ? 'smoke' : 'full',
    size,
    environment,
    workloads: [],
    curves: [],
    ingestRates: [],
  }
  let failed = 0
  try {
    if (pool) {
      await pool.query(`DROP SCHEMA IF EXISTS ${benchSchemaName} CASCADE`)
      await pool.query(`CREATE SCHEMA ${benchSchemaName}`)
      Object.assign(environment, await postgresEnvironment(pool))
      // A 1536-d row fills a heap page and about as much again in an index: past the buffer pool,
      // searches read their pages through the OS, one system call each, and the figures show it.
      const buffersMb = await sharedBuffersMb(pool)
      const neededMb = Math.ceil((size * 2 * 8192) / 1048576)
      if (!smoke && buffersMb < neededMb)
        log(
          `shared_buffers is ${buffersMb} MB, below the ~${neededMb} MB that ${size} rows and their indexes take: searches will read most pages through the OS (bash scripts/tune-postgres.sh sizes it as pgvector advises)`,
        )
    } else {
      log('DATABASE_URL is not set: skipping the native Postgres workloads (W1, W1b, W2, W3, W10, W11, W12)')
    }
    for (const spec of workloads) {
      if (args.only ? !args.only.includes(spec.id.toUpperCase()) : spec.onlyWhenNamed) continue
      if (spec.needsPostgres && !pool) {
        run.workloads.push(skipped(spec, 'DATABASE_URL is not set'))
        continue
      }
      const t0 = Date.now()
      log(`${spec.id} ${spec.title}…`)
      try {
        const outcome = await spec.run(ctx)
        const stamp = { command: sectionCommand(typed), generatedAt: new Date(t0).toISOString() }
        for (const report of [outcome.report, ...(outcome.moreReports ?? [])]) {
          run.workloads.push({ ...report, ...stamp })
          // A workload that ran but failed its own checks (W13's leak, drift, consistency) fails the run.
          if (report.status === 'failed') {
            failed++
            console.error(`[bench] ${report.id} failed its checks: ${report.reason ?? ''}`)
          }
        }
        run.curves.push(...(outcome.curves ?? []).map((c) => ({ ...c, workload: spec.id })))
        run.ingestRates.push(...(outcome.ingestRates ?? []).map((r) => ({ ...r, workload: spec.id })))
        Object.assign(environment, outcome.environment ?? {})
        log(`${spec.id} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
      } catch (error) {
        failed++
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
        console.error(`[bench] ${spec.id} failed: ${reason}`)
        if (error instanceof Error && error.stack) console.error(error.stack)
        run.workloads.push({
          ...skipped(spec, reason),
          status: 'failed',
          command: sectionCommand(typed),
          generatedAt: new Date(t0).toISOString(),
        })
      }
    }
  } finally {
    if (pool) {
      await pool.query(`DROP SCHEMA IF EXISTS ${benchSchemaName} CASCADE`).catch(() => undefined)
      await pool.end()
    }
  }
  const key = !smoke && size >= 100_000 ? 'benchLarge' : 'bench'
  // `--only` refreshes just those workloads inside the previous report of the same kind and size.
  const merged = args.only ? mergeBenchRun(await readReport(outDir), key, run) : run
  const written = await writeReport(outDir, { [key]: merged })
  log(`wrote ${written.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s total`)
  for (const w of run.workloads)
    for (const s of w.summary)
      log(`${s.workload} ${s.metric}: ours ${s.ours} | peers ${s.peers} | target ${s.target}`)
  return failed ? 1 : 0
}

function skipped(spec: WorkloadSpec, reason: string): WorkloadReport {
  return {
    id: spec.id,
    title: spec.title,
    status: 'skipped',
    reason,
    settings: {},
    tables: [],
    notes: [],
    summary: [],
  }
}
