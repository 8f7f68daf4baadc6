import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'

/** A memory's chunk texts in order (empty when it has none or is missing from the namespace). */
export async function chunksOf(
  context: StoreContext,
  namespace: string,
  id: string,
): Promise<Array<{ idx: number; text: string }>> {
  const ns = checkNamespace(namespace)
  const rows = await routed(context, 'read', ns).readStatement<{ idx: number; text: string }>(
    'SELECT idx, text FROM memory_chunks WHERE namespace = $1 AND memory_id = $2 ORDER BY idx',
    [ns, id],
  )
  return rows.map((row) => ({ idx: Number(row.idx), text: String(row.text) }))
}
