import { type Memory, PINNED_KEY } from '@agent-memory/core'
import { ACCESS_SQL } from '../ACCESS_SQL.js'
import { accessKeyOf } from '../accessKeyOf.js'
import { buildFilter } from '../buildFilter.js'
import { checkNamespace } from '../context/checkNamespace.js'
import { clampLimit } from '../context/clampLimit.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { memoryColumnsSelect } from '../memoryColumnsSelect.js'
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
 * it returns, not the namespace's size; the recency look-up also joins the namespace's durable
 * memories with their access rows (narrow, one per memory reinforced since its write) and sorts them.
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
  const live = [`m.namespace = ${nsParam}`, ...buildFilter(undefined, params, nsParam)].join(' AND ')
  const lookUp = (condition: string, column: string) =>
    `(SELECT m.id FROM memories m WHERE ${live} AND ${condition}
        ORDER BY m.${column} DESC, m.id DESC LIMIT ${limitParam})`
  // The most recently accessed: a memory's last access is its access row's where recall reinforced
  // it since its write (an access never precedes the write), else its row's own. So the first
  // `limit` of each, by the value that applies, hold the first `limit` of all: those of the access
  // rows (each durable live memory joined with its access row by key: narrow rows, and an access
  // row names no memory id to start from) and those of the rows' own stamps (walked from the
  // index's end), ranked again on the value that applies.
  const accessed = `(SELECT r.id FROM (
        (SELECT m.id, ${ACCESS_SQL.lastAccessedAt('m', nsParam)} AS at FROM memories m WHERE ${live} AND ${DURABLE}
          ORDER BY m.last_accessed_at DESC, m.id DESC LIMIT ${limitParam})
        UNION
        (SELECT m.id, a.last_accessed_at AS at FROM memories m JOIN agent_memory_access a
            ON a.namespace = ${nsParam} AND a.access_key = ${accessKeyOf(nsParam, 'm.id')}
          WHERE ${live} AND ${DURABLE}
          ORDER BY a.last_accessed_at DESC, m.id DESC LIMIT ${limitParam})
      ) r ORDER BY r.at DESC, r.id DESC LIMIT ${limitParam})`
  const rows = await routed(context, 'read', ns).readStatement(
    `SELECT ${memoryColumnsSelect(nsParam)} FROM memories m WHERE m.namespace = ${nsParam} AND m.id IN (
       ${lookUp("m.tier = 'procedural'", 'importance')}
       UNION ALL ${lookUp("m.tier = 'semantic'", 'importance')}
       UNION ALL ${accessed}
       UNION ALL ${lookUp(PINNED, 'created_at')})`,
    params.values,
  )
  return rows.map(rowToMemory)
}
