import type { SqlRunner } from '../../sql/SqlRunner.js'
import { SqlParams } from '../SqlParams.js'
import { searchVectorSql } from '../searchText.js'
import { vectorLiteral } from '../vectorLiteral.js'
import { MAX_ROWS_PER_INSERT } from './MAX_ROWS_PER_INSERT.js'
import type { RowValues } from './RowValues.js'
import { WRITE_SQL } from './WRITE_SQL.js'

/** Multi-row `INSERT … ON CONFLICT` statements: the path for small batches and drivers without COPY. */
export async function insertUpsert(
  sql: SqlRunner,
  ns: string,
  rows: RowValues[],
  onConflict: string,
): Promise<void> {
  for (let start = 0; start < rows.length; start += MAX_ROWS_PER_INSERT) {
    const params = new SqlParams()
    const nsParam = params.add(ns)
    const tuples = rows.slice(start, start + MAX_ROWS_PER_INSERT).map((row) => {
      const created = `coalesce(${params.add(row.createdAt, 'timestamptz')}, now())`
      return `(${nsParam}, ${params.add(row.id)}, ${params.add(row.tier)}, ${params.add(row.level)},
          ${params.add(row.content)}, ${params.add(row.summary)}, ${params.add(row.metadata, 'jsonb')},
          ${params.add(row.tags, 'text[]')}, ${params.add(row.importance, 'float8')}, ${created}, now(), ${created},
          ${params.add(row.expiresAt, 'timestamptz')}, ${params.add(row.supersededBy)},
          ${params.add(row.validFrom, 'timestamptz')}, ${params.add(row.validTo, 'timestamptz')},
          ${params.add(row.confidence, 'float8')}, ${params.add(row.observedAt, 'timestamptz')},
          ${params.add(row.assessedImportance, 'float8')},
          ${params.add(row.linkedMemoryIds, 'text[]')}, ${params.add(row.embedState)}, ${params.add(row.fingerprint)},
          ${params.add(row.embedding === null ? null : vectorLiteral(row.embedding), 'vector')},
          ${searchVectorSql(params.add(row.searchText))})`
    })
    await sql.query(
      `INSERT INTO memories (${WRITE_SQL.columns}) VALUES ${tuples.join(',\n')} ${onConflict}`,
      [...params.values],
    )
  }
}
