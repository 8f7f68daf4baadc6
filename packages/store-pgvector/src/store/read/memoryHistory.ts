import type { Memory } from '@agent-memory/core'
import { checkIds } from '../context/checkIds.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { memoryColumnsSelect } from '../memoryColumnsSelect.js'
import { rowToMemory } from '../rowToMemory.js'

/** `Store.history`: the supersession chain through a memory, oldest first (bounded both ways). */
export async function memoryHistory(context: StoreContext, namespace: string, id: string): Promise<Memory[]> {
  const ns = checkNamespace(namespace)
  checkIds([id])
  const rows = await routed(context, 'read', ns).readStatement(
    `WITH RECURSIVE back(id, depth) AS (
           SELECT id, 0 FROM memories WHERE namespace = $1 AND id = $2
           UNION
           SELECT p.id, b.depth - 1 FROM memories p JOIN back b ON p.namespace = $1 AND p.superseded_by = b.id
           WHERE b.depth > -1000
         ), fwd(id, next, depth) AS (
           SELECT id, superseded_by, 0 FROM memories WHERE namespace = $1 AND id = $2
           UNION
           SELECT s.id, s.superseded_by, f.depth + 1 FROM memories s JOIN fwd f ON s.namespace = $1 AND s.id = f.next
           WHERE f.depth < 1000
         ), chain AS (
           SELECT id, depth FROM back UNION ALL SELECT id, depth FROM fwd
         )
         SELECT ${memoryColumnsSelect('$1')}, min(c.depth) AS depth FROM chain c JOIN memories m ON m.namespace = $1 AND m.id = c.id
         GROUP BY m.namespace, m.id
         ORDER BY min(c.depth), m.created_at, m.id`,
    [ns, id],
  )
  return rows.map(rowToMemory)
}
