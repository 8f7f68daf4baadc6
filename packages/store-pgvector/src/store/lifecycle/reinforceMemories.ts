import { InvalidArgumentError, type ReinforceOptions } from '@agent-memory/core'
import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { optionalDate } from '../context/optionalDate.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'

/** `Store.reinforce`: counts an access per listed id and slides a set expiry by `slidingTtlMs`. */
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
  await routed(context, 'write', ns).transaction(async (sql) => {
    // Rows are locked in id order, as upsert writes them, so concurrent reinforces and writes
    // never deadlock (unordered multi-row updates did, under load). An id listed n times
    // counts n accesses (the service coalesces recalls into one call).
    await sql.query(
      `WITH hits AS (
           SELECT id, count(*)::int AS times FROM unnest($2::text[]) AS h(id) GROUP BY id
         ), target AS (
           SELECT m.id, hits.times FROM memories m JOIN hits ON hits.id = m.id
           WHERE m.namespace = $1 ORDER BY m.id COLLATE "C" FOR UPDATE OF m
         )
         UPDATE memories m SET access_count = m.access_count + target.times,
           last_accessed_at = coalesce($3::timestamptz, now()),
           expires_at = CASE WHEN m.expires_at IS NOT NULL AND $4::float8 IS NOT NULL
             THEN coalesce($3::timestamptz, now()) + $4::float8 * interval '1 millisecond' ELSE m.expires_at END
         FROM target WHERE m.namespace = $1 AND m.id = target.id`,
      [ns, list, at ?? null, ttl ?? null],
    )
  })
}
