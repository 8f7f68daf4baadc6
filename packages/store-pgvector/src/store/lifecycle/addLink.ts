import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * `Store.addLink`: appends `toId` to `fromId`'s links when both are in the namespace. Only the
 * link list changes: the update touches neither the search vector nor the embedding, so no keyword
 * statistics or change-log row is written and nothing is re-embedded.
 */
export async function addLink(
  context: StoreContext,
  namespace: string,
  fromId: string,
  toId: string,
): Promise<boolean> {
  const ns = checkNamespace(namespace)
  checkIds([fromId, toId])
  if (fromId === toId) return false
  return routed(context, 'write', ns).transaction(async (sql) => {
    // `(SELECT now())`: the same instant as now(); Citus refuses a non-immutable call inside CASE or
    // COALESCE of a write, not a subquery.
    const result = await sql.query<{ id: string }>(
      `UPDATE memories m SET linked_memory_ids = CASE WHEN $3 = ANY(m.linked_memory_ids)
             THEN m.linked_memory_ids ELSE array_append(m.linked_memory_ids, $3) END,
           updated_at = CASE WHEN $3 = ANY(m.linked_memory_ids) THEN m.updated_at ELSE (SELECT now()) END
         WHERE m.namespace = $1 AND m.id = $2
           AND EXISTS (SELECT 1 FROM memories n WHERE n.namespace = $1 AND n.id = $3)
         RETURNING m.id`,
      [ns, fromId, toId],
    )
    return result.rowCount > 0
  })
}
