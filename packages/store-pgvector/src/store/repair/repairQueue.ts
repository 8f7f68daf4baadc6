import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import type { StoreContext } from '../context/StoreContext.js'
import type { RepairQueueEntry } from '../RepairQueueEntry.js'

/**
 * The repair queue with each row's stored reason, oldest first: the web inspector's repair page
 * and, without the text, `RepairStore.repairIssues`. `ids` narrows to those memories.
 */
export async function repairQueue(
  context: StoreContext,
  options: { namespace?: string; ids?: string[]; limit?: number } = {},
): Promise<RepairQueueEntry[]> {
  const ns = options.namespace === undefined ? undefined : checkNamespace(options.namespace)
  const ids = options.ids === undefined ? null : checkIds(options.ids)
  if (ids !== null && ids.length === 0) return []
  const limit = Math.min(1_000, Math.max(1, Math.floor(options.limit ?? 100)))
  return context.executor.transaction(async (sql) => {
    const result = await sql.query<Record<string, unknown>>(
      `SELECT namespace, id, content, embed_state, repair_attempts, next_attempt_at,
           CASE WHEN leased_until > now() THEN leased_until END AS leased_until, last_error, created_at
         FROM memories WHERE embed_state <> 'ok' AND ($1::text IS NULL OR namespace = $1)
           AND ($3::text[] IS NULL OR id = ANY($3::text[]))
         ORDER BY created_at, namespace, id LIMIT $2`,
      [ns ?? null, limit, ids],
    )
    const date = (value: unknown) =>
      value === null || value === undefined ? null : new Date(value as string)
    return result.rows.map((row) => ({
      namespace: String(row.namespace),
      id: String(row.id),
      content: String(row.content),
      embedState: row.embed_state === 'failed' ? ('failed' as const) : ('pending' as const),
      attempts: Number(row.repair_attempts ?? 0),
      nextAttemptAt: date(row.next_attempt_at),
      leasedUntil: date(row.leased_until),
      lastError: row.last_error === null || row.last_error === undefined ? null : String(row.last_error),
      createdAt: date(row.created_at) ?? new Date(0),
    }))
  })
}
