import type { Memory, ScoredMemory } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import { memoryColumnsSelect } from '../memoryColumnsSelect.js'
import { rowToMemory } from '../rowToMemory.js'
import type { SearchScope } from '../search/scope/searchScope.js'
import type { RankedDocument } from './RankedDocument.js'
import type { RankedDocuments } from './RankedDocuments.js'

/**
 * The first `limit` ranked documents that pass the search's filter, as memories in rank order.
 * The filter is the SQL one (liveness at the database clock, tags, metadata…), applied by reading
 * only the best-ranked rows: first the ranking's head — its first `first.read` documents when
 * given, the rest of the head only when those fall short — then, when too many of those were
 * filtered out, every remaining candidate at once. `first.rows`: the rows of those first documents
 * that pass the filter, already read by the caller (the embedded store reads every leg's head in
 * one statement). `known`: rows of this namespace already read in the same transaction through
 * conditions that include the search's filter (the memory-vector leg's): those are not read again.
 */
export async function fetchRanked(
  sql: SqlRunner,
  scope: SearchScope,
  ranked: RankedDocuments,
  first?: { read: number; rows?: ReadonlyMap<string, Memory> },
  known?: ReadonlyMap<string, Memory>,
): Promise<ScoredMemory[]> {
  const hits: ScoredMemory[] = []
  const take = (batch: readonly RankedDocument[], byId: ReadonlyMap<string, Memory>) => {
    for (const document of batch) {
      const memory = byId.get(document.id)
      if (memory === undefined) continue
      hits.push({ memory, score: document.score })
      if (hits.length === scope.limit) return
    }
  }
  const conditions = byIdConditions(scope)
  const read = async (batch: readonly RankedDocument[]) => {
    if (batch.length === 0) return
    const byId = new Map<string, Memory>()
    const unread: string[] = []
    for (const { id } of batch) {
      const memory = known?.get(id)
      if (memory === undefined) unread.push(id)
      else byId.set(id, memory)
    }
    if (unread.length > 0) {
      const values = [...scope.params.values, unread]
      const rows = await sql.query<Record<string, unknown>>(
        `SELECT ${memoryColumnsSelect(scope.namespaceParam)} FROM memories m
           WHERE m.id = ANY($${values.length}::text[]) AND ${conditions.join(' AND ')}`,
        values,
      )
      for (const row of rows.rows) byId.set(row.id as string, rowToMemory(row))
    }
    take(batch, byId)
  }
  const firstRead = first?.read ?? ranked.head.length
  if (first?.rows !== undefined) take(ranked.head.slice(0, firstRead), first.rows)
  else await read(ranked.head.slice(0, firstRead))
  if (hits.length < scope.limit) await read(ranked.head.slice(firstRead))
  if (hits.length < scope.limit) await read(ranked.rest())
  return hits
}

/**
 * The scope's conditions with its namespace equality written so that no index can serve it (the
 * same test: `namespace` is never null): the rows are found by id (`memories_id_idx`) and the
 * namespace is checked on each. Statistics
 * gathered before a namespace existed make the planner believe it holds about one row, and with
 * a plain `m.namespace = $n` it walked the whole namespace through a `(namespace, …)` index and
 * filtered it by id instead of probing the few ids asked for.
 */
function byIdConditions(scope: SearchScope): string[] {
  const namespaceEquality = `m.namespace = ${scope.namespaceParam}`
  if (!scope.conditions.includes(namespaceEquality)) {
    throw new Error(`fetchRanked: the scope does not bind the namespace as ${namespaceEquality}`)
  }
  // On Citus the equality stays as written: it is what routes the statement to the namespace's shard.
  if (scope.distributed) return scope.conditions
  return scope.conditions.map((condition) =>
    condition === namespaceEquality ? `(${namespaceEquality}) IS TRUE` : condition,
  )
}
