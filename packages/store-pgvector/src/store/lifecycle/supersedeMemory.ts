import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { optionalDate } from '../context/optionalDate.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * `Store.supersede`: tombstones `oldId` in favour of `newId` (which must exist in the namespace)
 * and closes its validity window at `at` unless it already had one (remembered, so `restore`
 * can reopen it).
 */
export async function supersedeMemory(
  context: StoreContext,
  namespace: string,
  oldId: string,
  newId: string,
  at?: Date,
): Promise<boolean> {
  const ns = checkNamespace(namespace)
  checkIds([oldId, newId])
  const when = optionalDate(at, 'at')
  if (oldId === newId) return false
  return routed(context, 'write', ns).transaction(async (sql) => {
    // `(SELECT now())`: the same instant as now(); Citus refuses a non-immutable call inside CASE or
    // COALESCE of a write, not a subquery.
    const result = await sql.query(
      `UPDATE memories m SET superseded_by = $3, updated_at = now(),
           valid_to_stamped = m.valid_to_stamped OR m.valid_to IS NULL,
           valid_to = coalesce(m.valid_to, $4::timestamptz, (SELECT now()))
         WHERE m.namespace = $1 AND m.id = $2
           AND EXISTS (SELECT 1 FROM memories n WHERE n.namespace = $1 AND n.id = $3)`,
      [ns, oldId, newId, when ?? null],
    )
    return result.rowCount > 0
  })
}
