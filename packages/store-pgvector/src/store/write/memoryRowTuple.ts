import type { SqlParams } from '../SqlParams.js'
import { searchVectorSql } from '../searchText.js'
import { vectorLiteral } from '../vectorLiteral.js'
import type { RowValues } from './RowValues.js'

/**
 * One row of `memories` as a parenthesised tuple of bound values in `WRITE_SQL.columns` order, every
 * value typed, so it reads the same in `INSERT … VALUES` and in a `SELECT … FROM (VALUES …)`.
 */
export function memoryRowTuple(params: SqlParams, nsParam: string, row: RowValues): string {
  const created = `coalesce(${params.add(row.createdAt, 'timestamptz')}, now())`
  return `(${nsParam}, ${params.add(row.id, 'text')}, ${params.add(row.tier, 'text')}, ${params.add(row.level, 'text')},
          ${params.add(row.content, 'text')}, ${params.add(row.summary, 'text')}, ${params.add(row.metadata, 'jsonb')},
          ${params.add(row.tags, 'text[]')}, ${params.add(row.importance, 'float8')}, ${created}, now(), ${created},
          ${params.add(row.expiresAt, 'timestamptz')}, ${params.add(row.supersededBy, 'text')},
          ${params.add(row.validFrom, 'timestamptz')}, ${params.add(row.validTo, 'timestamptz')},
          ${params.add(row.confidence, 'float8')}, ${params.add(row.observedAt, 'timestamptz')},
          ${params.add(row.assessedImportance, 'float8')},
          ${params.add(row.linkedMemoryIds, 'text[]')}, ${params.add(row.embedState, 'text')}, ${params.add(row.fingerprint, 'text')},
          ${params.add(row.embedding === null ? null : vectorLiteral(row.embedding), 'vector')},
          ${searchVectorSql(params.add(row.searchText, 'text'))})`
}
