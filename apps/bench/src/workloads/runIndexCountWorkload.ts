import { fingerprint, type MemoryWrite } from '@agent-memory/core'
import { createPgVectorStore, migrate, type PgVectorStore } from '@agent-memory/store-pgvector'
import type pg from 'pg'
import { measureAlternating } from '../harness/measureAlternating.js'
import { timeIt } from '../harness/timeIt.js'
import { createScratchDatabase, type ScratchDatabase } from '../pg/createScratchDatabase.js'
import { loggedPool } from '../pg/loggedPool.js'
import { settleTable } from '../pg/settleTable.js'
import type { ReportTable, SummaryRow } from '../report/BenchReport.js'
import { formatNumber } from '../report/formatNumber.js'
import type { BenchContext } from './BenchContext.js'
import type { WorkloadOutcome } from './WorkloadOutcome.js'

/** Each tenant's rows: above the workload's exact threshold, so every tenant earns its own index. */
const TENANT_ROWS = 30
const EXACT_MAX = 20
/** The namespace every timed search reads: below the threshold, never indexed, the same on both tables. */
const PROBE = 'probe'
/** The namespace the timed writes go to (not the probe: a probe that grew would slow the searches of later steps). */
const SINK = 'sink'

interface Side {
  db: ScratchDatabase
  pool: pg.Pool
  store: PgVectorStore
}

/**
 * W11: what a per-namespace index costs the statements of every other namespace. Two tables hold
 * the same rows (`tenants` namespaces of 30 rows and a small probe namespace); one gets an index for
 * each tenant from `maintainVectorIndexes` in steps, the other none. At each step a search of the
 * probe namespace (exact on both) and a one-memory write to it are timed alternately on the two, so
 * the difference is the indexes' own cost: PostgreSQL opens and locks every index of a table to plan
 * a statement on it, and checks every partial index's predicate for each row written.
 */
export async function runIndexCountWorkload(ctx: BenchContext): Promise<WorkloadOutcome> {
  const tenants = ctx.smoke ? 40 : 400
  const steps = ctx.smoke ? [tenants] : [100, 200, tenants]
  const iterations = ctx.smoke ? 100 : 400
  const dimensions = ctx.data.dimensions
  const writes = (namespace: string, from: number, count: number): MemoryWrite[] =>
    Array.from({ length: count }, (_, j) => {
      const row = (from + j) % ctx.data.count
      const content = ctx.text(row)
      return {
        id: `${namespace}-${from + j}`,
        tier: 'semantic',
        content,
        fingerprint: fingerprint(content),
        embedding: ctx.data.row(row),
      }
    })
  const open = async (name: string): Promise<Side> => {
    const db = await createScratchDatabase(ctx.databaseUrl!, `agent_memory_bench_${process.pid}_${name}`)
    const pool = loggedPool({ connectionString: db.url, max: 1, options: '-c synchronous_commit=off' })
    await migrate(pool, { dimensions })
    const store = await createPgVectorStore({
      pool,
      dimensions,
      model: 'bench/synthetic',
      autoIndex: false,
      recallSampleRate: 0,
      exactSearchMaxRows: EXACT_MAX,
    })
    for (let t = 0; t < tenants; t++)
      await store.upsert(tenantName(t), writes(tenantName(t), t * TENANT_ROWS, TENANT_ROWS))
    await store.upsert(PROBE, writes(PROBE, 0, 10))
    await settleTable(pool)
    return { db, pool, store }
  }
  const sides: Side[] = []
  try {
    const bare = await open('w11_bare')
    sides.push(bare)
    const indexed = await open('w11_indexed')
    sides.push(indexed)
    let written = 0
    const search = (side: Side) => (i: number) =>
      side.store.searchVector(PROBE, ctx.queryVectors.row(i % ctx.queryVectors.count), { limit: ctx.k })
    const write = (side: Side) => (i: number) => side.store.upsert(SINK, writes(SINK, written + i, 1))
    const rows: Array<Array<string | number>> = []
    const summary: SummaryRow[] = []
    let built = 0
    let buildMs = 0
    for (const step of steps) {
      for (; built < step; built++) {
        const report = await timeIt(() =>
          indexed.store.maintainVectorIndexes({ namespace: tenantName(built) }),
        )
        buildMs += report.ms
      }
      await settleTable(indexed.pool)
      const [searchBare, searchIndexed] = await measureAlternating([search(bare), search(indexed)], {
        warmup: 20,
        iterations,
      })
      const [writeBare, writeIndexed] = await measureAlternating([write(bare), write(indexed)], {
        warmup: 20,
        iterations,
      })
      written += iterations + 20
      const planning = await Promise.all([
        planningMs(bare.pool, dimensions),
        planningMs(indexed.pool, dimensions),
      ])
      const indexes = await indexCount(indexed.pool)
      rows.push([
        indexes,
        formatNumber(searchBare!.p50, 2),
        formatNumber(searchIndexed!.p50, 2),
        formatNumber(searchIndexed!.p50 / searchBare!.p50, 2),
        formatNumber(planning[0], 3),
        formatNumber(planning[1], 3),
        formatNumber(writeBare!.p50, 2),
        formatNumber(writeIndexed!.p50, 2),
        formatNumber(writeIndexed!.p50 / writeBare!.p50, 2),
      ])
      ctx.log(
        `W11 ${indexes} indexes: search ${formatNumber(searchBare!.p50, 2)} vs ${formatNumber(searchIndexed!.p50, 2)} ms, write ${formatNumber(writeBare!.p50, 2)} vs ${formatNumber(writeIndexed!.p50, 2)} ms`,
      )
      if (step === steps.at(-1)) {
        summary.push(
          {
            workload: 'W11',
            metric: `search of an unindexed namespace, table with ${indexes} per-namespace indexes / none (p50)`,
            ours: `${formatNumber(searchIndexed!.p50, 2)} / ${formatNumber(searchBare!.p50, 2)} ms (×${formatNumber(searchIndexed!.p50 / searchBare!.p50, 2)})`,
            peers: '—',
            target: '—',
            met: null,
          },
          {
            workload: 'W11',
            metric: `one-memory write, table with ${indexes} per-namespace indexes / none (p50)`,
            ours: `${formatNumber(writeIndexed!.p50, 2)} / ${formatNumber(writeBare!.p50, 2)} ms (×${formatNumber(writeIndexed!.p50 / writeBare!.p50, 2)})`,
            peers: '—',
            target: '—',
            met: null,
          },
        )
      }
    }
    const table: ReportTable = {
      title:
        'Per-namespace indexes on the table: search of an unindexed namespace and a one-memory write, p50 ms',
      columns: [
        'per-namespace indexes on memories',
        'search, no indexes',
        'search, indexed table',
        'ratio',
        'planning, no indexes',
        'planning, indexed table',
        'write, no indexes',
        'write, indexed table',
        'ratio',
      ],
      rows,
    }
    return {
      report: {
        id: 'W11',
        title: 'What per-namespace indexes cost the rest of the table',
        status: 'ok',
        settings: {
          tenants,
          'rows per tenant': TENANT_ROWS,
          'exact search up to': EXACT_MAX,
          'timed calls per step': iterations,
          'index builds (with calibration)': `${built} in ${formatNumber(buildMs / 1000, 1)} s`,
        },
        tables: [table],
        notes: [
          `Two databases hold the same rows: ${tenants} tenants of ${TENANT_ROWS} memories and a probe namespace of 10. With the exact threshold at ${EXACT_MAX} rows, \`maintainVectorIndexes\` gives each tenant of one of them its own partial HNSW (in the steps the table shows); the other keeps none.`,
          'At each step the probe namespace (below the threshold on both, so searched exactly on both) is searched, then another unindexed namespace is written one memory at a time, alternating between the two databases call by call (`measureAlternating`): the ratio is what the other namespaces’ indexes cost a statement that does not use them.',
          '“planning” = the median Planning Time of `EXPLAIN (SUMMARY)` of the store’s exact-scan shape for the probe namespace, 50 times: PostgreSQL opens and locks every index of a table to plan a statement on it and tests each partial index’s predicate against the query.',
        ],
        summary,
      },
    }
  } finally {
    for (const side of sides) {
      await side.store.close().catch(() => undefined)
      await side.pool.end().catch(() => undefined)
      await side.db.drop().catch(() => undefined)
    }
  }
}

function tenantName(t: number): string {
  return `tenant-${String(t).padStart(4, '0')}`
}

async function indexCount(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM agent_memory_vector_indexes WHERE table_name = 'memories'",
  )
  return Number(rows[0]!.n)
}

/** Median planning time (ms) of the store's exact-scan shape for the probe namespace. */
async function planningMs(pool: pg.Pool, dimensions: number): Promise<number> {
  const vector = `[${Array.from({ length: dimensions }, (_, d) => (d === 0 ? 1 : 0)).join(',')}]`
  const times: number[] = []
  for (let i = 0; i < 50; i++) {
    const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ 'Planning Time': number }> }>(
      `EXPLAIN (SUMMARY, FORMAT JSON) SELECT d.id FROM (SELECT m.id, m.embedding <=> $1::vector AS distance
         FROM memories m WHERE m.namespace = $2 OFFSET 0) d ORDER BY d.distance, d.id LIMIT 10`,
      [vector, PROBE],
    )
    times.push(rows[0]!['QUERY PLAN'][0]!['Planning Time'])
  }
  times.sort((a, b) => a - b)
  return times[times.length >> 1]!
}
