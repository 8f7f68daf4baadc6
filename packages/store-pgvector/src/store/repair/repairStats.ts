import type { RepairStats } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import type { StoreContext } from '../context/StoreContext.js'

/** `RepairStore.repairStats`: the queue's size (pending, leased now, parked), for one namespace or all. */
export async function repairStats(context: StoreContext, namespace?: string): Promise<RepairStats> {
  const ns = namespace === undefined ? undefined : checkNamespace(namespace)
  return context.executor.transaction(async (sql) => {
    const result = await sql.query<Record<string, unknown>>(
      `SELECT count(*) FILTER (WHERE embed_state = 'pending')::int AS pending,
           count(*) FILTER (WHERE embed_state = 'pending' AND leased_until > now())::int AS leased,
           count(*) FILTER (WHERE embed_state = 'failed')::int AS failed
         FROM memories WHERE embed_state <> 'ok' AND ($1::text IS NULL OR namespace = $1)`,
      [ns ?? null],
    )
    const row = result.rows[0] ?? {}
    return {
      pending: Number(row.pending ?? 0),
      leased: Number(row.leased ?? 0),
      failed: Number(row.failed ?? 0),
    }
  })
}
