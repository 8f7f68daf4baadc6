import { InvalidArgumentError, type Memory } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { memoryColumnsSelect } from '../memoryColumnsSelect.js'
import { rowToMemory } from '../rowToMemory.js'

/** `Store.get`: one memory by id in its namespace (whatever its liveness), or null. */
export async function getMemory(
  context: StoreContext,
  namespace: string,
  id: string,
): Promise<Memory | null> {
  const ns = checkNamespace(namespace)
  if (typeof id !== 'string') throw new InvalidArgumentError('id', 'id must be a string')
  const [row] = await routed(context, 'read', ns).readStatement(
    `SELECT ${memoryColumnsSelect('$1')} FROM memories m WHERE m.namespace = $1 AND m.id = $2`,
    [ns, id],
  )
  return row === undefined ? null : rowToMemory(row)
}
