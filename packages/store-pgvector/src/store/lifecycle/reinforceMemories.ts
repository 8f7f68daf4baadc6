import { InvalidArgumentError, type ReinforceOptions } from '@agent-memory/core'
import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { optionalDate } from '../context/optionalDate.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * `Store.reinforce`: counts an access per listed id and slides a set expiry by `slidingTtlMs`.
 * The access is kept beside the memory's row (migration 0010), so reinforcing a memory that does
 * not expire writes no new version of it; `memoryColumnsOf` reads the two together.
 */
export async function reinforceMemories(
  context: StoreContext,
  namespace: string,
  ids: string[],
  options: ReinforceOptions = {},
): Promise<void> {
  const ns = checkNamespace(namespace)
  const list = checkIds(ids)
  const at = optionalDate(options.at, 'at')
  const ttl = options.slidingTtlMs
  if (ttl !== undefined && (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl < 0)) {
    throw new InvalidArgumentError('slidingTtlMs', 'slidingTtlMs must be a non-negative number')
  }
  if (list.length === 0) return
  // The access goes to the memory's access row (`agent_memory_access`), never to the memory's
  // own row: one upsert of a few narrow rows, updated in place. Only ids that name a memory of
  // the namespace count. Rows are taken in key order, so concurrent reinforces of overlapping
  // ids never deadlock. An id listed n times counts n accesses (the service coalesces recalls
  // into one call). Alone (no sliding expiry) it is one statement: one round trip.
  // `(SELECT now())`: the same instant as now(); Citus refuses a non-immutable call inside CASE or
  // COALESCE of a write, not a subquery.
  const access = `INSERT INTO agent_memory_access AS a (namespace, memory_id, last_accessed_at, access_count)
         SELECT m.namespace, m.id, coalesce($3::timestamptz, (SELECT now())), hits.times
           FROM (SELECT id, count(*)::int AS times FROM unnest($2::text[]) AS h(id) GROUP BY id) hits
           JOIN memories m ON m.namespace = $1 AND m.id = hits.id
          ORDER BY m.id
       ON CONFLICT (namespace, memory_id) DO UPDATE SET access_count = a.access_count + EXCLUDED.access_count,
         last_accessed_at = EXCLUDED.last_accessed_at`
  const store = routed(context, 'write', ns)
  if (ttl === undefined) {
    await store.writeStatement(access, [ns, list, at ?? null])
    return
  }
  await store.transaction(async (sql) => {
    await sql.query(access, [ns, list, at ?? null])
    // A sliding expiry is the memory's own column (liveness filters and the sweep read it), so
    // it is written there, for the rows that expire (in id order, as upsert locks them). On Citus
    // the transaction's instant is read first and bound: it refuses now() inside COALESCE of a
    // write, and a subquery there inside a CTE's UPDATE.
    const from =
      context.distributed && at === undefined
        ? (await sql.query<{ at: Date }>('SELECT now() AS at')).rows[0]!.at
        : (at ?? null)
    await sql.query(
      `WITH target AS (
           SELECT m.id FROM memories m
            WHERE m.namespace = $1 AND m.id = ANY($2::text[]) AND m.expires_at IS NOT NULL
            ORDER BY m.id COLLATE "C" FOR UPDATE OF m
         )
         UPDATE memories m SET expires_at = ${context.distributed ? '$3::timestamptz' : 'coalesce($3::timestamptz, now())'}
             + $4::float8 * interval '1 millisecond'
         FROM target WHERE m.namespace = $1 AND m.id = target.id`,
      [ns, list, from, ttl],
    )
  })
}
