import type { ScoredMemory } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import { MEMORY_COLUMNS } from '../memoryColumns.js'
import { rowToMemory } from '../rowToMemory.js'
import type { SearchScope } from '../search/searchScope.js'
import type { RankedDocument } from './RankedDocument.js'
import type { RankedDocuments } from './RankedDocuments.js'

/**
 * The first `limit` ranked documents that pass the search's filter, as memories in rank order.
 * The filter is the SQL one (liveness at the database clock, tags, metadata…), applied by reading
 * only the best-ranked rows: first the ranking's head, then — when too many of those were
 * filtered out — every remaining candidate at once.
 */
export async function fetchRanked(
  sql: SqlRunner,
  scope: SearchScope,
  ranked: RankedDocuments,
): Promise<ScoredMemory[]> {
  const hits: ScoredMemory[] = []
  const read = async (batch: readonly RankedDocument[]) => {
    if (batch.length === 0) return
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
      if (hits.length === scope.limit) return
    }
  }
  await read(ranked.head)
  if (hits.length < scope.limit) await read(ranked.rest())
  return hits
}
