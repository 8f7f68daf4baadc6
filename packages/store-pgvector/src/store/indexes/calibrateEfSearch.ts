import { settingsStatement } from '../../sql/settingsStatement.js'
import type { StoreContext } from '../context/StoreContext.js'
import { EF_CALIBRATION } from './EF_CALIBRATION.js'
import { halfvecKey } from './halfvecKey.js'
import { plannerRows } from './plannerRows.js'
import type { VectorTable } from './VectorTable.js'

/**
 * A probe: its table (the partition holding it when the table is split by namespace, where a
 * `ctid` alone repeats across partitions) and its `ctid` there; for a row of the namespace itself,
 * also the `ctid`s of its two nearest rows there (see `calibrateEfSearch`). The probe's vector is
 * read from that table by name, so a probe query plans against one table, not every partition of a
 * split one.
 */
interface Probe {
  home: string
  ctid: string
  /** The row's two nearest rows of the namespace: the probe is a point drawn like a new row near the three. */
  near?: readonly [string, string]
  /** Addressed within the namespace's rows (`home` the distributed table itself, on Citus). */
  inNamespace?: boolean
}
/** A probe with its exact nearest rows: index-independent, so a second graph of the same rows is measured on them too. */
interface ProbeTruth {
  probe: Probe
  nearest: Set<string>
}
/** What one calibration found (see `EF_CALIBRATION`). */
export interface EfCalibration {
  efSearch: number
  /** Mean recall@10 of the probes at `efSearch`. */
  recall: number
  probes: number
  /** How many probes were vectors the index does not hold (rows of other namespaces). */
  unseen: number
  /** The probes and their exact answers, for measuring another graph of the same rows (`densifyNamespaceIndex`). */
  truths: readonly ProbeTruth[]
}

const K = 10
/** Rows sampled per probe wanted: a page sample lands partly on the namespace's own rows. */
const OVERSAMPLE = 4

/**
 * Picks the smallest `ef_search` of `EF_CALIBRATION.ladder` at which `namespace`'s own HNSW index
 * finds, on average, `EF_CALIBRATION.recall` of each probe's exact 10 nearest rows of the namespace.
 *
 * A probe should be a query the graph has not seen. A row of the namespace is a node of its own
 * index, linked at build to its nearest neighbours, so finding them again flatters the graph: with
 * ef_construction 200 every W10 namespace reached probe recall 1.000 at ef_search 40 while real
 * queries got 0.933 on the 5,000-row one. So the probes are rows of other namespaces (the same
 * embedder's vectors, none in this partial index), drawn by a page sample of the table. When the
 * table has too few, the namespace's own rows fill in, each replaced by a point drawn like a new row
 * of its neighbourhood: with r its row and a, b its two nearest rows (found by a walk of the index
 * itself), the probe is (2r + 2a − b) / 3, normalized. Three rows of one neighbourhood, weighted so
 * the weights sum to 1 and their squares to 1, give a point with the neighbourhood's mean and spread
 * (the same covariance, whatever its shape) that is none of its rows; the three are left out of the
 * probe's answer, exact and walked, since a real query has no rows planted next to it.
 * Excluding a row from its own answer was not enough: W2's namespace (100,000 rows, 1536-d) scored
 * 0.999 at ef_search 10 that way while its queries got 0.970 there; midpoints of a row and a far
 * neighbour missed the other way (`EF_CALIBRATION`). Rows are told apart by `ctid` (a probe by its
 * table too, `Probe`); a probe a concurrent write moved is skipped. The probe's vector never leaves
 * the database: the query orders by a scalar subquery, which PostgreSQL runs once and hands to the
 * index scan as a constant. Each ladder step is its own transaction with the store's knobs
 * (`planAnn`); it stops at the first step that reaches the target (the last step when none does).
 * `truths` from an earlier calibration of the same rows (another graph of them) are measured again
 * instead of being drawn and scanned anew; rungs below `minEfSearch` (the graph's, `HNSW_BUILD`)
 * are not tried. Null when the namespace has too few vectors to say.
 */
export async function calibrateEfSearch(
  context: StoreContext,
  table: VectorTable,
  namespace: string,
  target: number = EF_CALIBRATION.recall,
  options: { truths?: readonly ProbeTruth[]; minEfSearch?: number } = {},
): Promise<EfCalibration | null> {
  const measured = options.truths ?? (await drawProbes(context, table, namespace))
  if (measured.length === 0) return null
  const ladder = EF_CALIBRATION.ladder.filter((efSearch) => efSearch >= (options.minEfSearch ?? 0))
  let last: EfCalibration | null = null
  for (const efSearch of ladder) {
    if (context.upkeep.closing) return null
    const recall = await context.executor.transaction(async (sql) => {
      // The index is what is measured: with a scan forced, a planner's choice cannot pass it off.
      await sql.query(probeSettings(context, efSearch))
      let sum = 0
      for (const { probe, nearest } of measured) {
        const excluded = excludedOf(probe)
        const approximate = await sql.query<{ row: string }>(
          `SELECT ctid::text AS row FROM ${table} WHERE namespace = $1 AND embedding IS NOT NULL
             ORDER BY ${halfvecKey('embedding', context.dimensions)} <=> ${halfvecKey(probeOf(probe), context.dimensions)}
             LIMIT ${K + excluded.length}`,
          bound(namespace, probe),
        )
        const answer = approximate.rows.map((r) => r.row).filter((row) => !excluded.includes(row))
        sum += answer.slice(0, K).filter((row) => nearest.has(row)).length / K
      }
      return sum / measured.length
    })
    last = {
      efSearch,
      recall,
      probes: measured.length,
      unseen: measured.filter((t) => t.probe.near === undefined).length,
      truths: measured,
    }
    if (recall >= target) return last
  }
  return last
}

/** The knobs of a probe's walk, for this transaction (carried to the workers on Citus). */
function probeSettings(context: StoreContext, efSearch: number): string {
  return settingsStatement(
    {
      'hnsw.iterative_scan': 'relaxed_order',
      'hnsw.ef_search': String(efSearch),
      enable_seqscan: 'off',
      enable_bitmapscan: 'off',
    },
    context.distributed,
  )!
}

/**
 * The probe's vector as a scalar subquery: the row itself, or the point drawn from it and its two
 * nearest rows. `home` is regclass output (quoted and qualified as needed), so it is safe in SQL
 * text; the probe's rows are bound as $2 (and $3, $4: `bound`).
 */
function probeOf(probe: Probe): string {
  // On Citus a probe is a row of the namespace ($1), all of whose rows are in one shard, where a
  // ctid names one row: naming the namespace routes the look-up to that shard.
  const own = probe.inNamespace === true
  const at = (alias: string, param: string) =>
    `${alias}.ctid = ${param}::tid${own ? ` AND ${alias}.namespace = $1` : ''}`
  return probe.near === undefined
    ? `(SELECT embedding FROM ${probe.home} x WHERE ${at('x', '$2')})`
    : `(SELECT l2_normalize(r + r + a + a - b) FROM (SELECT l2_normalize(x.embedding) AS r, l2_normalize(y.embedding) AS a,
           l2_normalize(z.embedding) AS b FROM ${probe.home} x, ${probe.home} y, ${probe.home} z
           WHERE ${at('x', '$2')} AND ${at('y', '$3')} AND ${at('z', '$4')}) s)`
}

function bound(namespace: string, probe: Probe): string[] {
  return [namespace, probe.ctid, ...(probe.near ?? [])]
}

/** The rows a probe is drawn from, which its answers leave out. */
function excludedOf(probe: Probe): string[] {
  return probe.near === undefined ? [] : [probe.ctid, ...probe.near]
}

/** Draws `EF_CALIBRATION.probes` probes (see `calibrateEfSearch`) and scans each one's exact answer. */
async function drawProbes(
  context: StoreContext,
  table: VectorTable,
  namespace: string,
): Promise<ProbeTruth[]> {
  const { unseen, own } = await context.executor.transaction(async (sql) => {
    const size = await sql.query<{ rows: number | null }>(`SELECT ${plannerRows('$1')} AS rows`, [table])
    const tableRows = Math.max(1, Number(size.rows[0]?.rows ?? 0))
    // A page holds one 1536-d row but hundreds of small ones: a sample that came up short is
    // taken again from every page (the scan stops at the limit).
    const sampled = (percent: number) =>
      sql.query<Probe>(
        `SELECT tableoid::regclass::text AS home, ctid::text AS ctid FROM ${table} TABLESAMPLE SYSTEM ($2) REPEATABLE (0)
           WHERE namespace <> $1 AND embedding IS NOT NULL LIMIT $3`,
        [namespace, percent, EF_CALIBRATION.probes],
      )
    const percent = Math.min(100, (100 * OVERSAMPLE * EF_CALIBRATION.probes) / tableRows)
    // On Citus other namespaces' rows are on other shards, named by shards' ctids: the probes
    // are all drawn from the namespace's own rows, in its shard (the calibration runs per shard).
    const unseen = context.distributed ? [] : (await sampled(percent)).rows
    const others =
      unseen.length < EF_CALIBRATION.probes && percent < 100 && !context.distributed
        ? (await sampled(100)).rows
        : unseen
    const own = await sql.query<Probe>(
      `SELECT ${context.distributed ? `'${table}'` : 'tableoid::regclass::text'} AS home, ctid::text AS ctid,
           ${context.distributed} AS "inNamespace"
         FROM ${table} WHERE namespace = $1 AND embedding IS NOT NULL
         ORDER BY hashtext(ctid::text) LIMIT $2`,
      [namespace, EF_CALIBRATION.probes - others.length],
    )
    return { unseen: others, own: own.rows }
  })
  // Each own row's two nearest rows, by a walk of the index as wide as pgvector's default.
  const neighboured =
    own.length === 0
      ? []
      : await context.executor.transaction(async (sql) => {
          await sql.query(probeSettings(context, 40))
          const probes: Probe[] = []
          for (const probe of own) {
            const walk = await sql.query<{ row: string }>(
              `SELECT ctid::text AS row FROM ${probe.home} WHERE namespace = $1 AND embedding IS NOT NULL
                 ORDER BY ${halfvecKey('embedding', context.dimensions)} <=> ${halfvecKey(probeOf(probe), context.dimensions)}
                 LIMIT 3`,
              bound(namespace, probe),
            )
            const [a, b] = walk.rows.map((r) => r.row).filter((row) => row !== probe.ctid)
            if (a !== undefined && b !== undefined) probes.push({ ...probe, near: [a, b] })
          }
          return probes
        })
  return context.executor.transaction(async (sql) => {
    const found: ProbeTruth[] = []
    // A probe whose rows a concurrent write moved reads as NULL: it finds nothing and is skipped.
    for (const probe of [...unseen, ...neighboured]) {
      // OFFSET 0 keeps this an exact scan (no index can serve the fenced subquery's order). The
      // namespace's rows are all in one table, where a ctid names one row.
      const exact = await sql.query<{ row: string }>(
        `SELECT row FROM (SELECT ctid::text AS row, embedding <=> ${probeOf(probe)} AS distance FROM ${table}
             WHERE namespace = $1 AND embedding IS NOT NULL OFFSET 0) s
           WHERE distance <> 'NaN'::float8 AND row <> ALL ($${bound(namespace, probe).length + 1}::text[])
           ORDER BY distance, row LIMIT ${K}`,
        [...bound(namespace, probe), excludedOf(probe)],
      )
      if (exact.rows.length === K) found.push({ probe, nearest: new Set(exact.rows.map((r) => r.row)) })
    }
    return found
  })
}
