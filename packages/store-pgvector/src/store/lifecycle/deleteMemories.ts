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
    // Two statements, not one with a data-modifying CTE: each is a top-level DELETE, so the embedded
    // executor counts its dead versions toward its stand-in for autovacuum.
    const result = await sql.query('DELETE FROM memories WHERE namespace = $1 AND id = ANY($2::text[])', [
      ns,
      list,
    ])
    // The memories' access rows go with them, in the same transaction.
    await sql.query('DELETE FROM agent_memory_access WHERE namespace = $1 AND memory_id = ANY($2::text[])', [
      ns,
      list,
    ])
    forgetNamespaceSize(context, 'memories', ns)
    countKeywordWrite(context, ns)
    return result.rowCount
  })
}
