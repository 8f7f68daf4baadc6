import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { forgetNamespaceSize } from '../context/forgetNamespaceSize.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { countKeywordWrite } from '../search/keyword-statistics/countKeywordWrite.js'

/** `Store.delete`: removes memories (their chunks cascade); returns how many were removed. */
export async function deleteMemories(
  context: StoreContext,
  namespace: string,
  ids: string[],
): Promise<number> {
  const ns = checkNamespace(namespace)
  const list = checkIds(ids)
  if (list.length === 0) return 0
  return routed(context, 'write', ns).transaction(async (sql) => {
    const result = await sql.query('DELETE FROM memories WHERE namespace = $1 AND id = ANY($2::text[])', [
      ns,
      list,
    ])
    forgetNamespaceSize(context, 'memories', ns)
    countKeywordWrite(context, ns)
    return result.rowCount
  })
}
