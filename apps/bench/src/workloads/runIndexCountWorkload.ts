import type { MemoryWrite } from '@agent-memory/core'
import { createPgVectorStore, migrate, type PgVectorStore } from '@agent-memory/store-pgvector'
import type pg from 'pg'
import { measureAlternating } from '../harness/measureAlternating.js'
import { percentile } from '../harness/percentile.js'
import { timeIt } from '../harness/timeIt.js'
import { vectorLiteral } from '../harness/vectorLiteral.js'
import { toMemoryWrites } from '../ours/toMemoryWrites.js'
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
/** The namespace every timed search reads: below the threshold, never indexed, the same in every database. */
const PROBE = 'probe'
/** The namespace the timed writes go to (not the probe: a probe that grew would slow the searches of later steps). */
const SINK = 'sink'

interface Side {
  db: ScratchDatabase
  pool: pg.Pool
  /** Undefined until opened (a database whose migration failed is still dropped). */
  store: PgVectorStore | undefined
}

/** The split layout's partitions (`migrate({ partitions })`). */
const PARTITIONS = 32

/**
 * W11: what a per-namespace index costs the statements of every other namespace. Three databases
 * hold the same rows (`tenants` namespaces of 30 rows, a small probe namespace): one keeps no
 * per-namespace index; in the other two `maintainVectorIndexes` gives each tenant its own, in steps,
 * one on a plain table, one on tables hash-partitioned by namespace. At each step a search of the
 * probe namespace (exact on all three) and a one-memory write are timed alternately on the three, so
 * the differences are the indexes' own cost: PostgreSQL opens and locks every index of a table to
 * plan a statement on it and checks every partial index's predicate for each row written, and a
 * statement on split tables is pruned to one partition before it opens any.
 */
export async function runIndexCountWorkload(ctx: BenchContext): Promise<WorkloadOutcome> {
  const tenants = ctx.smoke ? 40 : 400
  const steps = ctx.smoke ? [tenants] : [100, 200, tenants]
  const iterations = ctx.smoke ? 100 : 400
  const dimensions = ctx.data.dimensions
  // Memory ids are row numbers (`r<n>`), unique across namespaces as the store requires: the
  // tenants' rows first, then the probe's, then the timed writes'.
  const writes = (namespace: string, from: number, count: number): MemoryWrite[] =>
    toMemoryWrites(
      Array.from({ length: count }, (_, j) => {
        const row = (from + j) % ctx.data.count
        return { id: from + j, namespace, content: ctx.text(row), embedding: ctx.data.row(row) }
      }),
    )
  const probeFrom = tenants * TENANT_ROWS
  const sides: Side[] = []
  const open = async (name: string, partitions?: number): Promise<Side> => {
    const db = await createScratchDatabase(ctx.databaseUrl!, `agent_memory_bench_${process.pid}_${name}`)
    const pool = loggedPool({ connectionString: db.url, max: 1, options: '-c synchronous_commit=off' })
    const side: Side = { db, pool, store: undefined }
    sides.push(side)
    await migrate(pool, { dimensions, ...(partitions === undefined ? {} : { partitions }) })
    const store = await createPgVectorStore({
      pool,
      dimensions,
      model: 'bench/synthetic',
      autoIndex: false,
      recallSampleRate: 0,
      exactSearchMaxRows: EXACT_MAX,
    })
    side.store = store
    for (let t = 0; t < tenants; t++)
      await store.upsert(tenantName(t), writes(tenantName(t), t * TENANT_ROWS, TENANT_ROWS))
    await store.upsert(PROBE, writes(PROBE, probeFrom, 10))
    await settleTable(pool)
    return side
  }
  try {
    const bare = await open('w11_bare')
    const plain = await open('w11_plain')
    const split = await open('w11_split', PARTITIONS)
    const layouts = [bare, plain, split]
    const search = (side: Side) => (i: number) =>
      side.store!.searchVector(PROBE, ctx.queryVectors.row(i % ctx.queryVectors.count), { limit: ctx.k })
    // Call i of a pass writes the same new memory to every database.
    let written = probeFrom + 10
    const write = (side: Side) => (i: number) => side.store!.upsert(SINK, writes(SINK, written + i, 1))
    const rows: Array<Array<string | number>> = []
    const summary: SummaryRow[] = []
    let built = 0
    let buildMs = 0
    const ms = (value: number) => formatNumber(value, 2)
    for (const step of steps) {
      for (; built < step; built++) {
        for (const side of [plain, split]) {
          const report = await timeIt(() =>
            side.store!.maintainVectorIndexes({ namespace: tenantName(built) }),
          )
          buildMs += report.ms
        }
      }
      await settleTable(plain.pool)
      await settleTable(split.pool)
      const searched = await measureAlternating(layouts.map(search), { warmup: 20, iterations })
      const wrote = await measureAlternating(layouts.map(write), { warmup: 20, iterations })
      written += iterations + 20
      const planning: number[] = []
      for (const side of layouts) planning.push(await planningMs(side.pool, dimensions))
      const indexes = await indexCount(plain.pool)
      const [s0, s1, s2] = searched.map((summary) => summary.p50) as [number, number, number]
      const [w0, w1, w2] = wrote.map((summary) => summary.p50) as [number, number, number]
      rows.push([
        indexes,
        ms(s0),
        ms(s1),
        ms(s2),
        formatNumber(planning[0]!, 3),
        formatNumber(planning[1]!, 3),
        formatNumber(planning[2]!, 3),
        ms(w0),
        ms(w1),
        ms(w2),
      ])
      ctx.log(
        `W11 ${indexes} indexes: search ${ms(s0)} / ${ms(s1)} / ${ms(s2)} ms, write ${ms(w0)} / ${ms(w1)} / ${ms(w2)} ms (none / one table / split)`,
      )
      if (step === steps.at(-1)) {
        const ratios = (none: number, one: number, parts: number) =>
          `${ms(one)} ms one table (×${formatNumber(one / none, 2)}), ${ms(parts)} ms split (×${formatNumber(parts / none, 2)}), ${ms(none)} ms with none`
        summary.push(
          {
            workload: 'W11',
            metric: `search of an unindexed namespace beside ${indexes} per-namespace indexes (p50)`,
            ours: ratios(s0, s1, s2),
            peers: '—',
            target: '—',
            met: null,
          },
          {
            workload: 'W11',
            metric: `one-memory write beside ${indexes} per-namespace indexes (p50)`,
            ours: ratios(w0, w1, w2),
            peers: '—',
            target: '—',
            met: null,
          },
        )
      }
    }
    const table: ReportTable = {
      title: `Per-namespace indexes: a search of an unindexed namespace and a one-memory write, p50 ms (no indexes / one table / split into ${PARTITIONS})`,
      columns: [
        'per-namespace indexes',
        'search, none',
        'search, one table',
        'search, split',
        'planning, none',
        'planning, one table',
        'planning, split',
        'write, none',
        'write, one table',
        'write, split',
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
          partitions: PARTITIONS,
          'timed calls per step': iterations,
          'index builds (with calibration)': `${built} per layout, ${formatNumber(buildMs / 1000, 1)} s for both`,
        },
        tables: [table],
        notes: [
          `Three databases hold the same rows: ${tenants} tenants of ${TENANT_ROWS} memories and a probe namespace of 10. With the exact threshold at ${EXACT_MAX} rows, \`maintainVectorIndexes\` gives each tenant its own partial HNSW (in the steps the table shows) in two of them: “one table” is the default layout, “split” the tables hash-partitioned by namespace into ${PARTITIONS} (\`migrate({ partitions: ${PARTITIONS} })\`), each index on its tenant's partition. The third keeps none.`,
          'At each step the probe namespace (below the threshold everywhere, so searched exactly) is searched, then another unindexed namespace is written one memory at a time, rotating over the three databases call by call (`measureAlternating`): the differences are what the other namespaces’ indexes cost a statement that does not use them.',
          '“planning” = the median Planning Time of `EXPLAIN (SUMMARY)` of the store’s exact-scan shape for the probe namespace, 50 times: PostgreSQL opens and locks every index of a table to plan a statement on it and tests each partial index’s predicate against the query; on split tables the namespace prunes the plan to one partition first.',
        ],
        summary,
      },
    }
  } finally {
    for (const side of sides) {
      await side.store?.close().catch(() => undefined)
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
  const vector = vectorLiteral(Array.from({ length: dimensions }, (_, d) => (d === 0 ? 1 : 0)))
  const times: number[] = []
  for (let i = 0; i < 50; i++) {
    const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ 'Planning Time': number }> }>(
      `EXPLAIN (SUMMARY, FORMAT JSON) SELECT d.id FROM (SELECT m.id, m.embedding <=> $1::vector AS distance
         FROM memories m WHERE m.namespace = $2 OFFSET 0) d ORDER BY d.distance, d.id LIMIT 10`,
      [vector, PROBE],
    )
    times.push(rows[0]!['QUERY PLAN'][0]!['Planning Time'])
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  )
}
