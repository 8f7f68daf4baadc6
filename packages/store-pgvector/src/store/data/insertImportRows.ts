import type { StoredMemoryRow } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import { SqlParams } from '../SqlParams.js'
import { documentText, searchVectorSql } from '../searchText.js'
import { vectorLiteral } from '../vectorLiteral.js'
import { IMPORT_SQL } from './IMPORT_SQL.js'
import { importedEmbedState } from './importedEmbedState.js'

const ROWS_PER_STATEMENT = 500

/**
 * Imported rows by multi-row `INSERT … ON CONFLICT` (`IMPORT_SQL.onConflict`): the path for a
 * driver without COPY and for small batches. Returns the ids written (inserted or changed).
 */
export async function insertImportRows(
  sql: SqlRunner,
  ns: string,
  rows: readonly StoredMemoryRow[],
): Promise<Set<string>> {
  const written = new Set<string>()
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const params = new SqlParams()
    const nsParam = params.add(ns)
    const tuples = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
      const { memory, embedding, validToStamped } = row
      return `(${nsParam}, ${params.add(memory.id)}, ${params.add(memory.tier)}, ${params.add(memory.level)},
          ${params.add(memory.content)}, ${params.add(memory.summary)}, ${params.add(JSON.stringify(memory.metadata), 'jsonb')},
          ${params.add(memory.tags, 'text[]')}, ${params.add(memory.importance, 'float8')},
          ${params.add(memory.createdAt, 'timestamptz')}, ${params.add(memory.updatedAt, 'timestamptz')},
          ${params.add(memory.lastAccessedAt, 'timestamptz')}, ${params.add(memory.accessCount, 'int4')},
          ${params.add(memory.expiresAt, 'timestamptz')}, ${params.add(memory.supersededBy)},
          ${params.add(memory.validFrom, 'timestamptz')}, ${params.add(memory.validTo, 'timestamptz')},
          ${params.add(validToStamped, 'bool')}, ${params.add(memory.confidence, 'float8')},
          ${params.add(memory.assessedImportance, 'float8')}, ${params.add(memory.linkedMemoryIds, 'text[]')},
          ${params.add(importedEmbedState(row))}, ${params.add(memory.fingerprint)}, ${params.add(memory.observedAt ?? null, 'timestamptz')},
          ${params.add(embedding === null ? null : vectorLiteral(embedding), 'vector')},
          ${searchVectorSql(params.add(documentText(memory.content, memory.summary, memory.tags)))})`
    })
    const result = await sql.query<{ id: string }>(
      `INSERT INTO memories (${IMPORT_SQL.columns}) VALUES ${tuples.join(',\n')}
       ${IMPORT_SQL.onConflict}`,
      params.values,
    )
    for (const row of result.rows) written.add(row.id)
  }
  return written
}
