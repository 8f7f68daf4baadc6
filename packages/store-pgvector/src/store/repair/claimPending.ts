import { InvalidArgumentError, type PendingClaim } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { clampLimit } from '../context/clampLimit.js'
import { MAX_LIMIT } from '../context/MAX_LIMIT.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * `RepairStore.claimPending`: leases up to `limit` due pending rows to this worker (oldest
 * retry first; rows another worker holds are skipped, not waited for).
 */
export async function claimPending(
  context: StoreContext,
  options: { limit: number; leaseMs: number; namespace?: string },
): Promise<PendingClaim[]> {
  const limit = clampLimit(options?.limit, MAX_LIMIT)
  const leaseMs = options.leaseMs
  if (typeof leaseMs !== 'number' || !Number.isFinite(leaseMs) || leaseMs <= 0) {
    throw new InvalidArgumentError('leaseMs', 'leaseMs must be a positive number')
  }
  const ns = options.namespace === undefined ? undefined : checkNamespace(options.namespace)
  if (ns === undefined && context.distributed) return claimPerNamespace(context, limit, leaseMs)
  return claimIn(context, limit, leaseMs, ns)
}

/** One claiming statement, over every namespace or only `ns` (then one shard on Citus). */
async function claimIn(
  context: StoreContext,
  limit: number,
  leaseMs: number,
  ns: string | undefined,
): Promise<PendingClaim[]> {
  // The namespace condition is written only when there is one, so Citus routes it to one shard.
  const inNamespace = ns === undefined ? '' : ' AND namespace = $3'
  return routed(context, 'write', ns).transaction(async (sql) => {
    const result = await sql.query<Record<string, unknown>>(
      `UPDATE memories m SET leased_until = now() + $2::float8 * interval '1 millisecond'
         FROM (
           SELECT namespace, id FROM memories
           WHERE embed_state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now())
             AND (leased_until IS NULL OR leased_until <= now())${inNamespace}
           ORDER BY next_attempt_at NULLS FIRST, created_at, namespace, id
           LIMIT $1::int FOR UPDATE SKIP LOCKED
         ) picked
         WHERE m.namespace = picked.namespace AND m.id = picked.id${ns === undefined ? '' : ' AND m.namespace = $3'}
         RETURNING m.namespace, m.id, m.content, m.fingerprint, m.repair_attempts`,
      ns === undefined ? [limit, leaseMs] : [limit, leaseMs, ns],
    )
    return result.rows.map((row) => ({
      namespace: String(row.namespace),
      id: String(row.id),
      content: String(row.content),
      fingerprint: String(row.fingerprint),
      attempts: Number(row.repair_attempts),
    }))
  })
}

/**
 * A claim across namespaces on Citus, which does not lock rows (`FOR UPDATE SKIP LOCKED`) across
 * shards in one statement: the namespaces holding due rows (the most overdue first), then one
 * single-shard claim per namespace until `limit` rows are leased. Within a namespace the order is
 * the one-server order; across namespaces the most overdue namespace goes first.
 */
async function claimPerNamespace(
  context: StoreContext,
  limit: number,
  leaseMs: number,
): Promise<PendingClaim[]> {
  const due = await context.executor.transaction((sql) =>
    sql.query<{ namespace: string }>(
      `SELECT namespace FROM memories
         WHERE embed_state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now())
           AND (leased_until IS NULL OR leased_until <= now())
         GROUP BY namespace ORDER BY min(coalesce(next_attempt_at, '-infinity')), min(created_at), namespace
         LIMIT $1::int`,
      [limit],
    ),
  )
  const claims: PendingClaim[] = []
  for (const { namespace } of due.rows) {
    if (claims.length >= limit) break
    claims.push(...(await claimIn(context, limit - claims.length, leaseMs, namespace)))
  }
  return claims
}
