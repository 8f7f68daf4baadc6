import { forgetIndexFacts } from '../context/forgetIndexFacts.js'
import type { StoreContext } from '../context/StoreContext.js'

/** Rows this store inserts into a namespace before it first asks the planner about them. */
const FIRST_CHECK_ROWS = 500
/** Statistics are refreshed when the planner believes fewer than this share of those rows. */
const BELIEVED_SHARE = 0.25

/**
 * After inserts into `ns`: every time the rows this store has inserted there double (from
 * `FIRST_CHECK_ROWS`), asks the planner how many rows it believes the namespace has, and runs
 * ANALYZE when it believes far fewer. Why: statistics gathered before a namespace existed give it
 * about no rows, so the duplicate look-up of every write (`newestLiveByFingerprint`) sees the
 * `(namespace, fingerprint)` and `(namespace, superseded_by)` indexes as equally cheap, and may
 * take the second, walking every row of the namespace once per key: a first load of a new
 * namespace slows quadratically (3,000 memories took 90 s) until statistics catch up. On
 * PostgreSQL autovacuum catches up only after 10% of the table has changed and its next round;
 * into a large table, a new namespace's load may never reach that.
 */
export async function checkNamespaceStatistics(
  context: StoreContext,
  ns: string,
  inserted: number,
): Promise<void> {
  if (inserted <= 0 || context.executor.readOnly) return
  const seen = context.namespaceInserts.get(ns) ?? { inserted: 0, nextCheck: FIRST_CHECK_ROWS }
  seen.inserted += inserted
  context.namespaceInserts.set(ns, seen)
  if (seen.inserted < seen.nextCheck) return
  // Set before the awaits: a concurrent write of the same namespace does not check again.
  seen.nextCheck = seen.inserted * 2
  const believed = await context.executor.session(async (sql) => {
    const plan = await sql.query<{ 'QUERY PLAN': unknown }>(
      'EXPLAIN (FORMAT JSON) SELECT 1 FROM memories WHERE namespace = $1',
      [ns],
    )
    const raw = plan.rows[0]?.['QUERY PLAN']
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
      Plan: { 'Plan Rows': number }
    }>
    return parsed[0]?.Plan['Plan Rows'] ?? 0
  })
  if (believed >= seen.inserted * BELIEVED_SHARE) return
  await context.executor.session(async (sql) => {
    await sql.query('ANALYZE memories')
  })
  forgetIndexFacts(context, 'memories')
}
