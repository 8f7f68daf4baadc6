import { InvalidArgumentError, redactSecrets } from '@agent-memory/core'
import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * `RepairStore.failRepair`: records a failed attempt (error redacted and capped) and schedules the
 * next one after `backoffMs`; the attempt that reaches `maxAttempts` parks the row as `failed`.
 */
export async function failRepair(
  context: StoreContext,
  namespace: string,
  id: string,
  options: { backoffMs: number; maxAttempts: number; error: string },
): Promise<'retry' | 'parked'> {
  const ns = checkNamespace(namespace)
  checkIds([id])
  const { backoffMs, maxAttempts } = options
  if (typeof backoffMs !== 'number' || !Number.isFinite(backoffMs) || backoffMs < 0) {
    throw new InvalidArgumentError('backoffMs', 'backoffMs must be a non-negative number')
  }
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new InvalidArgumentError('maxAttempts', 'maxAttempts must be a positive integer')
  }
  const error = redactSecrets(String(options.error ?? '')).slice(0, 500)
  return routed(context, 'write', ns).transaction(async (sql) => {
    const result = await sql.query<{ embed_state: string }>(
      `UPDATE memories SET repair_attempts = repair_attempts + 1, leased_until = NULL, last_error = $5,
           next_attempt_at = now() + $3::float8 * interval '1 millisecond',
           embed_state = CASE WHEN repair_attempts + 1 >= $4::int THEN 'failed' ELSE embed_state END
         WHERE namespace = $1 AND id = $2 AND embed_state = 'pending'
         RETURNING embed_state`,
      [ns, id, backoffMs, maxAttempts, error],
    )
    const state = result.rows[0]?.embed_state
    return state === 'pending' ? 'retry' : 'parked'
  })
}
