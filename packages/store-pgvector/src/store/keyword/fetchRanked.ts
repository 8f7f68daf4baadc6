import type { ScoredMemory } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import { MEMORY_COLUMNS } from '../memoryColumns.js'
import { rowToMemory } from '../rowToMemory.js'
import type { SearchScope } from '../search/searchScope.js'
import type { RankedDocument } from './RankedDocument.js'

/**
 * The first `limit` ranked documents that pass the search's filter, as memories in rank order.
 * The filter is the SQL one (liveness at the database clock, tags, metadata…), applied by reading
 * only the best-ranked rows: a first batch a little larger than the limit, then — when too many of
 * those were filtered out — every remaining candidate at once.
 */
export async function fetchRanked(
  sql: SqlRunner,
  scope: SearchScope,
  ranked: readonly RankedDocument[],
): Promise<ScoredMemory[]> {
  const hits: ScoredMemory[] = []
  const firstBatch = scope.limit + Math.max(scope.limit, 16)
  let from = 0
  while (from < ranked.length && hits.length < scope.limit) {
    const batch = ranked.slice(from, from === 0 ? firstBatch : ranked.length)
    from += batch.length
    const values = [...scope.params.values, batch.map((document) => document.id)]
    const rows = await sql.query<Record<string, unknown>>(
      `SELECT ${MEMORY_COLUMNS} FROM memories m
         WHERE m.id = ANY($${values.length}::text[]) AND ${scope.conditions.join(' AND ')}`,
      values,
    )
    const byId = new Map(rows.rows.map((row) => [row.id as string, row]))
    for (const document of batch) {
      const row = byId.get(document.id)
      if (row === undefined) continue
      hits.push({ memory: rowToMemory(row), score: document.score })
      if (hits.length === scope.limit) break
    }
  }
  return hits
}
