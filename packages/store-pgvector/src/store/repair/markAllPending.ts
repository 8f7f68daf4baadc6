import { checkNamespace } from '../context/checkNamespace.js'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * Drops every vector (memories and chunks) and queues every memory for the repair worker:
 * the first step of `reembed`. Returns how many memories were queued.
 */
export async function markAllPending(context: StoreContext, namespace?: string): Promise<number> {
  const ns = namespace === undefined ? undefined : checkNamespace(namespace)
  return context.executor.transaction(async (sql) => {
    const where = ns === undefined ? '' : 'WHERE namespace = $1'
    const params = ns === undefined ? [] : [ns]
    await sql.query(`DELETE FROM memory_chunks ${where}`, params)
    const updated = await sql.query(
      `UPDATE memories SET embedding = NULL, embed_state = 'pending', repair_attempts = 0,
           next_attempt_at = NULL, leased_until = NULL, last_error = NULL ${where}`,
      params,
    )
    context.namespaceSizes.clear()
    return updated.rowCount
  })
}
