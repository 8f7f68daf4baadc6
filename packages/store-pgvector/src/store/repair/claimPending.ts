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
  return routed(context, 'write', ns).transaction(async (sql) => {
    const result = await sql.query<Record<string, unknown>>(
      `UPDATE memories m SET leased_until = now() + $2::float8 * interval '1 millisecond'
         FROM (
           SELECT namespace, id FROM memories
           WHERE embed_state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now())
             AND (leased_until IS NULL OR leased_until <= now()) AND ($3::text IS NULL OR namespace = $3)
           ORDER BY next_attempt_at NULLS FIRST, created_at, namespace, id
           LIMIT $1::int FOR UPDATE SKIP LOCKED
         ) picked
         WHERE m.namespace = picked.namespace AND m.id = picked.id
         RETURNING m.namespace, m.id, m.content, m.fingerprint, m.repair_attempts`,
      [limit, leaseMs, ns ?? null],
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
