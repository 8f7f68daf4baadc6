import { InvalidArgumentError, type ReinforceOptions, StoreError } from '@agent-memory/core'
import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { optionalDate } from '../context/optionalDate.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { REINFORCE_SQL } from './REINFORCE_SQL.js'

/** A unique key met a concurrent insert, or a deadlock: the bump-then-insert statement's two races. */
const raced = (error: unknown) =>
  StoreError.isInstance(error) && (error.kind === 'constraint' || error.kind === 'serialization')

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
  // own row. An id listed n times counts n accesses (the service coalesces recalls into one call).
  // Alone (no sliding expiry) it is one statement: one round trip.
  const params = [ns, [...list].sort(), at ?? null]
  const store = routed(context, 'write', ns)
  if (ttl === undefined && context.distributed) {
    await store.writeStatement(REINFORCE_SQL.upsert, params)
    return
  }
  if (ttl === undefined) {
    try {
      await store.writeStatement(REINFORCE_SQL.bumpThenInsert, params)
    } catch (error) {
      // A concurrent reinforce inserted one of the new access rows first (or the two met in
      // another order): the upsert, which waits for it and adds to it, rows taken in key order.
      if (!raced(error)) throw error
      await store.writeStatement(REINFORCE_SQL.upsert, params)
    }
    return
  }
  await store.transaction(async (sql) => {
    await sql.query(REINFORCE_SQL.upsert, params)
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
