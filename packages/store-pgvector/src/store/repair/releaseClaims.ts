import { InvalidArgumentError } from '@agent-memory/core'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * `RepairStore.releaseClaims`: ends the leases of claimed rows without counting an attempt (an
 * aborted repair), so the next worker claims them at once.
 */
export async function releaseClaims(
  context: StoreContext,
  claims: ReadonlyArray<{ namespace: string; id: string }>,
): Promise<void> {
  if (
    !Array.isArray(claims) ||
    claims.some((c) => typeof c?.namespace !== 'string' || typeof c?.id !== 'string')
  ) {
    throw new InvalidArgumentError('claims', 'claims must be an array of { namespace, id }')
  }
  if (claims.length === 0) return
  await context.executor.transaction(async (sql) => {
    await sql.query(
      `UPDATE memories m SET leased_until = NULL
         FROM unnest($1::text[], $2::text[]) AS released(namespace, id)
         WHERE m.namespace = released.namespace AND m.id = released.id AND m.embed_state = 'pending'`,
      [claims.map((claim) => claim.namespace), claims.map((claim) => claim.id)],
    )
  })
}
