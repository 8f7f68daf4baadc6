import { accessKeysOf } from '../accessKeysOf.js'
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
    // One statement whose top level is the memories' DELETE (their access rows go in its CTE): the
    // embedded executor counts a top-level DELETE's rows as dead versions for its stand-in for
    // autovacuum, and on PostgreSQL the transaction stays BEGIN, statement, COMMIT.
    const result = await sql.query(
      `WITH access AS (DELETE FROM agent_memory_access
           WHERE namespace = $1 AND access_key = ANY(${accessKeysOf('$1', '$2::text[]')}))
       DELETE FROM memories WHERE namespace = $1 AND id = ANY($2::text[])`,
      [ns, list],
    )
    forgetNamespaceSize(context, 'memories', ns)
    countKeywordWrite(context, ns)
    return result.rowCount
  })
}
