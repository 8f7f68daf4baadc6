import type { StoreContext } from '../context/StoreContext.js'
import { EF_CALIBRATION } from './EF_CALIBRATION.js'
import type { VectorTable } from './VectorTable.js'

/** What one calibration found (see `EF_CALIBRATION`). */
export interface EfCalibration {
  efSearch: number
  /** Mean recall@10 of the probes at `efSearch`. */
  recall: number
  probes: number
}

const K = 10

/**
 * Picks the smallest `ef_search` of `EF_CALIBRATION.ladder` at which `namespace`'s own HNSW index
 * finds, on average, `EF_CALIBRATION.recall` of each probe row's exact 10 nearest other rows
 * (rows are told apart by `ctid`, which both vector tables have; a probe a concurrent write moved
 * is skipped). The probe's vector never leaves the database: the query orders by a scalar
 * subquery, which PostgreSQL runs once and hands to the index scan as a constant. Each ladder step
 * is its own transaction with the store's knobs (`useAnn`); it stops at the first step that reaches
 * the target (the last step when none does). Null when the namespace has too few vectors to say.
 */
export async function calibrateEfSearch(
  context: StoreContext,
  table: VectorTable,
  namespace: string,
  target: number = EF_CALIBRATION.recall,
): Promise<EfCalibration | null> {
  const probeOf = `(SELECT embedding FROM ${table} WHERE ctid = $2::tid AND namespace = $1)`
  const truths = await context.executor.transaction(async (sql) => {
    const probes = await sql.query<{ probe: string }>(
      `SELECT ctid::text AS probe FROM ${table} WHERE namespace = $1 AND embedding IS NOT NULL
         ORDER BY hashtext(ctid::text) LIMIT $2`,
      [namespace, EF_CALIBRATION.probes],
    )
    const found: Array<{ probe: string; nearest: Set<string> }> = []
    for (const { probe } of probes.rows) {
      // OFFSET 0 keeps this an exact scan (no index can serve the fenced subquery's order).
      const exact = await sql.query<{ row: string }>(
        `SELECT row FROM (SELECT ctid::text AS row, embedding <=> ${probeOf} AS distance FROM ${table}
             WHERE namespace = $1 AND embedding IS NOT NULL AND ctid <> $2::tid OFFSET 0) s
           WHERE distance <> 'NaN'::float8 ORDER BY distance, row LIMIT ${K}`,
        [namespace, probe],
      )
      if (exact.rows.length === K) found.push({ probe, nearest: new Set(exact.rows.map((r) => r.row)) })
    }
    return found
  })
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
             ORDER BY embedding <=> ${probeOf} LIMIT ${K + 1}`,
          [namespace, probe],
        )
        const rows = approximate.rows
          .map((r) => r.row)
          .filter((row) => row !== probe)
          .slice(0, K)
        sum += rows.filter((row) => nearest.has(row)).length / K
      }
      return sum / truths.length
    })
    last = { efSearch, recall, probes: truths.length }
    if (recall >= target) return last
  }
  return last
}
