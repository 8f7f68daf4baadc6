import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'

/** `Store.restore`: undoes a supersession, reopening the validity window supersede closed. */
export async function restoreMemory(context: StoreContext, namespace: string, id: string): Promise<boolean> {
  const ns = checkNamespace(namespace)
  checkIds([id])
  return routed(context, 'write', ns).transaction(async (sql) => {
    const result = await sql.query(
      `UPDATE memories SET superseded_by = NULL, updated_at = now(),
           valid_to = CASE WHEN valid_to_stamped THEN NULL ELSE valid_to END, valid_to_stamped = false
         WHERE namespace = $1 AND id = $2 AND superseded_by IS NOT NULL`,
      [ns, id],
    )
    return result.rowCount > 0
  })
}
