import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { ACCESS_WRITE_SETTINGS } from './ACCESS_WRITE_SETTINGS.js'
import { bumpAccessRows } from './bumpAccessRows.js'
import type { CheckedReinforcement } from './checkReinforcement.js'
import { REINFORCE_SQL } from './REINFORCE_SQL.js'

/**
 * One namespace's checked reinforcement: counts an access per listed id and slides a set expiry by
 * `slidingTtlMs`. The access is kept beside the memory's row (migration 0010), so reinforcing a
 * memory that does not expire writes no new version of it; `memoryColumnsOf` reads the two together.
 */
export async function reinforceChecked(
  context: StoreContext,
  reinforcement: CheckedReinforcement,
): Promise<void> {
  const { namespace: ns, ids: list, at, slidingTtlMs: ttl } = reinforcement
  if (list.length === 0) return
  // The access goes to the memory's access row (`agent_memory_access`), never to the memory's
  // own row. An id listed n times counts n accesses (the service coalesces recalls into one call).
  // Alone (no sliding expiry) it is one statement: one round trip.
  if (ttl === undefined && !context.distributed) return bumpAccessRows(context, [reinforcement])
  const params = [ns, [...list].sort(), at ?? null]
  if (ttl === undefined) {
    await routed(context, 'write', ns, ACCESS_WRITE_SETTINGS).writeStatement(
      REINFORCE_SQL.upsert(context.distributed),
      params,
    )
    return
  }
  await routed(context, 'write', ns).transaction(async (sql) => {
    await sql.query(REINFORCE_SQL.upsert(context.distributed), params)
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
