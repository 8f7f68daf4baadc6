import { buildFilter } from './buildFilter.js'
import type { SqlParams } from './SqlParams.js'

/**
 * A `FROM` list: the distinct (tier, fingerprint) of `keys` (aliased `k`), each `CROSS JOIN LATERAL`
 * (aliased `found`) with `columns` (over alias `m`) of the newest live memory of namespace `nsParam`
 * holding it: the exact-duplicate look-up, one index probe per key.
 *
 * The probe is fenced (`OFFSET 0`): only the namespace and the fingerprint reach the scan, the tier
 * and liveness are checked on what it returns. Left to itself, the planner of a table without
 * statistics yet (a first ingest, before autovacuum has analysed it) rates
 * `(namespace, superseded_by)` — "superseded_by IS NULL" — as selective as the fingerprint, picks
 * that index and walks every live row of the namespace once per key: a 500-memory batch's look-up
 * took 0.4–0.8 s at 500–1,000 rows, growing with the namespace, against ~2 ms on the fingerprint index.
 */
export function newestLiveByFingerprint(
  nsParam: string,
  columns: string,
  params: SqlParams,
  keys: ReadonlyArray<{ tier: string; fingerprint: string }>,
): string {
  const tiers = params.add(
    keys.map((key) => key.tier),
    'text[]',
  )
  const fingerprints = params.add(
    keys.map((key) => key.fingerprint),
    'text[]',
  )
  return `(SELECT DISTINCT tier, fp FROM unnest(${tiers}, ${fingerprints}) AS u(tier, fp)) k
    CROSS JOIN LATERAL (
      SELECT ${columns} FROM (
        SELECT * FROM memories o WHERE o.namespace = ${nsParam} AND o.fingerprint = k.fp OFFSET 0
      ) m
      WHERE m.tier = k.tier AND ${buildFilter(undefined, params, nsParam).join(' AND ')}
      ORDER BY m.created_at DESC, m.id LIMIT 1
    ) found`
}
