import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { forgetNamespaceSize } from '../context/forgetNamespaceSize.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { countKeywordWrite } from '../search/keyword-statistics/countKeywordWrite.js'

/** `Store.delete`: removes memories (their chunks cascade, their access rows too); returns how many were removed. */
export async function deleteMemories(
  context: StoreContext,
  namespace: string,
  ids: string[],
): Promise<number> {
  const ns = checkNamespace(namespace)
  const list = checkIds(ids)
  if (list.length === 0) return 0
  return routed(context, 'write', ns).transaction(async (sql) => {
    // The memories' access rows go with them, in the same statement.
    const result = await sql.query<{ removed: number }>(
      `WITH gone AS (DELETE FROM memories WHERE namespace = $1 AND id = ANY($2::text[]) RETURNING id),
         access AS (DELETE FROM agent_memory_access WHERE namespace = $1 AND memory_id IN (SELECT id FROM gone))
       SELECT count(*)::int AS removed FROM gone`,
      [ns, list],
    )
    forgetNamespaceSize(context, 'memories', ns)
    countKeywordWrite(context, ns)
    return result.rows[0]?.removed ?? 0
  })
}
