import type { StoreContext } from '../context/StoreContext.js'
import { EF_CALIBRATION } from './EF_CALIBRATION.js'
import { halfvecKey } from './halfvecKey.js'
import { plannerRows } from './plannerRows.js'
import type { VectorTable } from './VectorTable.js'

/**
 * A probe: its table (the partition holding it when the table is split by namespace, where a
 * `ctid` alone repeats across partitions) and its `ctid` there; for a row of the namespace itself,
 * also the `ctid` of its partner there (see `calibrateEfSearch`). The probe's vector is read from
 * that table by name, so a probe query plans against one table, not every partition of a split one.
 */
interface Probe {
  home: string
  ctid: string
  /** A row of the namespace about `EF_CALIBRATION.partnerRank` rows away from `ctid`'s: the probe is their midpoint. */
  partner?: string
}
/** What one calibration found (see `EF_CALIBRATION`). */
export interface EfCalibration {
  efSearch: number
  /** Mean recall@10 of the probes at `efSearch`. */
  recall: number
  probes: number
  /** How many probes were vectors the index does not hold (rows of other namespaces). */
  unseen: number
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
 * table has too few, the namespace's own rows fill in, each moved off the graph's nodes: the probe
 * is the normalized midpoint of the row and its partner, the row about `EF_CALIBRATION.partnerRank`
 * places away (found by a wide walk of the index itself; its exact rank does not matter). Excluding
 * a row from its own answer was not enough: W2's namespace (100,000 rows, 1536-d) scored 0.999 at
 * ef_search 10 that way while its queries got 0.970 there. Rows are told apart by `ctid` (a probe
 * by its table too, `Probe`); a probe a concurrent write moved is skipped. The probe's vector never
 * leaves the database: the query orders by a scalar subquery, which PostgreSQL runs once and hands
 * to the index scan as a constant. Each ladder step is its own transaction with the store's knobs
 * (`planAnn`); it stops at the first step that reaches the target (the last step when none does).
 * Null when the namespace has too few vectors to say.
 */
export async function calibrateEfSearch(
  context: StoreContext,
  table: VectorTable,
  namespace: string,
  target: number = EF_CALIBRATION.recall,
): Promise<EfCalibration | null> {
  // `home` is regclass output (quoted and qualified as needed), so it is safe in SQL text. The
  // probe's row is bound as $2, its partner's (if any) as $3.
  const probeOf = (probe: Probe) =>
    probe.partner === undefined
      ? `(SELECT embedding FROM ${probe.home} WHERE ctid = $2::tid)`
      : `(SELECT l2_normalize(l2_normalize(a.embedding) + l2_normalize(b.embedding))
           FROM ${probe.home} a, ${probe.home} b WHERE a.ctid = $2::tid AND b.ctid = $3::tid)`
  const bound = (probe: Probe) =>
    probe.partner === undefined ? [namespace, probe.ctid] : [namespace, probe.ctid, probe.partner]
  const keyOf = (probe: Probe) => `${probe.home} ${probe.ctid}`
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
    let unseen = await sampled(percent)
    if (unseen.rows.length < EF_CALIBRATION.probes && percent < 100) unseen = await sampled(100)
    const own = await sql.query<Probe>(
      `SELECT tableoid::regclass::text AS home, ctid::text AS ctid FROM ${table} WHERE namespace = $1 AND embedding IS NOT NULL
         ORDER BY hashtext(ctid::text) LIMIT $2`,
      [namespace, EF_CALIBRATION.probes - unseen.rows.length],
    )
    return { unseen: unseen.rows, own: own.rows }
  })
  // Each own row's partner: the last row of a wide walk of the index.
  const partnered =
    own.length === 0
      ? []
      : await context.executor.transaction(async (sql) => {
          await sql.query(
            `SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', $1, true),
               set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
            [String(Math.max(EF_CALIBRATION.partnerRank, 40))],
          )
          const probes: Probe[] = []
          for (const probe of own) {
            const walk = await sql.query<{ row: string }>(
              `SELECT ctid::text AS row FROM ${probe.home} WHERE namespace = $1 AND embedding IS NOT NULL
                 ORDER BY ${halfvecKey('embedding', context.dimensions)} <=> ${halfvecKey(probeOf(probe), context.dimensions)}
                 LIMIT ${EF_CALIBRATION.partnerRank}`,
              bound(probe),
            )
            const partner = walk.rows.at(-1)?.row
            if (partner !== undefined && partner !== probe.ctid) probes.push({ ...probe, partner })
          }
          return probes
        })
  const truths = await context.executor.transaction(async (sql) => {
    const found: Array<{ probe: Probe; nearest: Set<string> }> = []
    // A probe whose row (or partner) a concurrent write moved reads as NULL: it finds nothing and is skipped.
    for (const probe of [...unseen, ...partnered]) {
      // OFFSET 0 keeps this an exact scan (no index can serve the fenced subquery's order). The
      // namespace's rows are all in one table, where a ctid names one row.
      const exact = await sql.query<{ row: string }>(
        `SELECT row FROM (SELECT ctid::text AS row, embedding <=> ${probeOf(probe)} AS distance FROM ${table}
             WHERE namespace = $1 AND embedding IS NOT NULL OFFSET 0) s
           WHERE distance <> 'NaN'::float8 ORDER BY distance, row LIMIT ${K}`,
        bound(probe),
      )
      if (exact.rows.length === K) found.push({ probe, nearest: new Set(exact.rows.map((r) => r.row)) })
    }
    return found
  })
  const unseenProbes = new Set(unseen.map(keyOf))
  if (truths.length === 0) return null
  let last: EfCalibration | null = null
  for (const efSearch of EF_CALIBRATION.ladder) {
    if (context.upkeep.closing) return null
    const recall = await context.executor.transaction(async (sql) => {
      await sql.query(
        // The index is what is measured: with a scan forced, a planner's choice cannot pass it off.
        `SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', $1, true),
           set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
        [String(efSearch)],
      )
      let sum = 0
      for (const { probe, nearest } of truths) {
        const approximate = await sql.query<{ row: string }>(
          `SELECT ctid::text AS row FROM ${table} WHERE namespace = $1 AND embedding IS NOT NULL
             ORDER BY ${halfvecKey('embedding', context.dimensions)} <=> ${halfvecKey(probeOf(probe), context.dimensions)} LIMIT ${K}`,
          bound(probe),
        )
        sum += approximate.rows.filter((r) => nearest.has(r.row)).length / K
      }
      return sum / truths.length
    })
    last = {
      efSearch,
      recall,
      probes: truths.length,
      unseen: truths.filter((t) => unseenProbes.has(keyOf(t.probe))).length,
    }
    if (recall >= target) return last
  }
  return last
}
