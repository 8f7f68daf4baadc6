import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'

/** `Store.removeLink`: takes `toId` out of `fromId`'s links; whether it was there. */
export async function removeLink(
  context: StoreContext,
  namespace: string,
  fromId: string,
  toId: string,
): Promise<boolean> {
  const ns = checkNamespace(namespace)
  checkIds([fromId, toId])
  return routed(context, 'write', ns).transaction(async (sql) => {
    const result = await sql.query(
      `UPDATE memories m SET linked_memory_ids = array_remove(m.linked_memory_ids, $3), updated_at = now()
         WHERE m.namespace = $1 AND m.id = $2 AND $3 = ANY(m.linked_memory_ids)`,
      [ns, fromId, toId],
    )
    return result.rowCount > 0
  })
}
