import type { MemoryFilter } from '@agent-memory/core'
import { buildFilter } from '../buildFilter.js'
import { checkNamespace } from '../context/checkNamespace.js'
import type { StoreContext } from '../context/StoreContext.js'
import { SqlParams } from '../SqlParams.js'

/** How many memories of a namespace `Store.list` would page through with this filter (the CLI's list total). */
export async function countMemories(
  context: StoreContext,
  namespace: string,
  filter?: MemoryFilter,
): Promise<number> {
  const ns = checkNamespace(namespace)
  const params = new SqlParams()
  const nsParam = params.add(ns)
  const conditions = [`m.namespace = ${nsParam}`, ...buildFilter(filter, params, nsParam)]
  return context.executor.transaction(async (sql) => {
    const result = await sql.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM memories m WHERE ${conditions.join(' AND ')}`,
      params.values,
    )
    return Number(result.rows[0]?.total ?? 0)
  })
}
