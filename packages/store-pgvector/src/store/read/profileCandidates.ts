import { type Memory, PINNED_KEY } from '@agent-memory/core'
import { buildFilter } from '../buildFilter.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { clampLimit } from '../context/clampLimit.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { MEMORY_COLUMNS } from '../memoryColumns.js'
import { rowToMemory } from '../rowToMemory.js'
import { SqlParams } from '../SqlParams.js'

const MAX_CANDIDATES_PER_LIST = 1000

// Literals, not parameters: the partial indexes of migration 0008 serve a look-up only when the
// planner can prove their predicate from the query's own text.
const DURABLE = "m.tier IN ('procedural', 'semantic')"
const PINNED = `m.metadata @> '${JSON.stringify({ [PINNED_KEY]: true })}'::jsonb`

/**
 * `Store.profileCandidates`: the four look-ups of `profileCandidateLists` (each in `list`'s
 * order, the column then id, descending) as one statement returning their union. Each walks a
 * partial index (`memories_profile_importance_idx`, `memories_profile_accessed_idx`,
 * `memories_pinned_idx`) from its end and stops at `limit` live rows, so the read costs the rows
 * it returns, not the namespace's size.
 */
export async function profileCandidates(
  context: StoreContext,
  namespace: string,
  limit: number,
): Promise<Memory[]> {
  const ns = checkNamespace(namespace)
  const params = new SqlParams()
  const nsParam = params.add(ns)
  const limitParam = params.add(clampLimit(limit, MAX_CANDIDATES_PER_LIST), 'int')
  const live = [`m.namespace = ${nsParam}`, ...buildFilter(undefined, params)].join(' AND ')
  const lookUp = (condition: string, column: string) =>
    `(SELECT m.id FROM memories m WHERE ${live} AND ${condition}
        ORDER BY m.${column} DESC, m.id DESC LIMIT ${limitParam})`
  const rows = await routed(context, 'read', ns).readStatement(
    `SELECT ${MEMORY_COLUMNS} FROM memories m WHERE m.namespace = ${nsParam} AND m.id IN (
       ${lookUp("m.tier = 'procedural'", 'importance')}
       UNION ALL ${lookUp("m.tier = 'semantic'", 'importance')}
       UNION ALL ${lookUp(DURABLE, 'last_accessed_at')}
       UNION ALL ${lookUp(PINNED, 'created_at')})`,
    params.values,
  )
  return rows.map(rowToMemory)
}
