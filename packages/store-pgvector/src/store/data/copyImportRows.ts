import type { StoredMemoryRow } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { StoreContext } from '../context/StoreContext.js'
import { documentText, searchVectorSql } from '../searchText.js'
import { analyseSearchTexts } from '../write/analyseSearchTexts.js'
import { copyPayload } from '../write/copyPayload.js'
import { IMPORT_SQL } from './IMPORT_SQL.js'
import { importCopyFields } from './importCopyFields.js'

const STAGE = 'agent_memory_import_stage'

/**
 * Imported rows by binary COPY, the bulk path the store's writes use (`copyInsert`): a batch none
 * of whose ids exists goes straight into `memories`, its search vectors analysed by the server
 * first; a batch that may update rows goes through a temporary stage and one
 * `INSERT … SELECT … ON CONFLICT` (`IMPORT_SQL.onConflict`), so equal rows stay untouched. The
 * caller holds the ids' locks, so "none exists" stays true until commit. Returns the ids written.
 */
export async function copyImportRows(
  context: StoreContext,
  sql: SqlRunner,
  ns: string,
  rows: readonly StoredMemoryRow[],
  noneExists: boolean,
): Promise<Set<string>> {
  const searchText = (row: StoredMemoryRow) => ({
    row,
    searchText: documentText(row.memory.content, row.memory.summary, row.memory.tags),
  })
  // node-postgres pulls the rows as the socket drains; PGlite reads the COPY from one blob.
  const send = (payload: Generator<Buffer>) => (context.executor.kind === 'postgres' ? payload : [...payload])
  if (noneExists) {
    const { searches } = await analyseSearchTexts(sql, rows, searchText)
    await sql.copyIn!(
      `COPY memories (${IMPORT_SQL.columns}) FROM STDIN (FORMAT binary)`,
      send(
        copyPayload(rows, (row, i) => [
          { type: 'text', value: ns },
          ...importCopyFields(row),
          { type: 'binary', value: searches[i]! },
        ]),
      ),
    )
    return new Set(rows.map((row) => row.memory.id))
  }
  await sql.query(
    `CREATE TEMP TABLE ${STAGE} (
        ord int4, id text, tier text, level text, content text, summary text, metadata jsonb, tags text[],
        importance float8, created_at timestamptz, updated_at timestamptz, last_accessed_at timestamptz,
        access_count int4, expires_at timestamptz, superseded_by text, valid_from timestamptz,
        valid_to timestamptz, valid_to_stamped bool, confidence float8, assessed_importance float8,
        linked_memory_ids text[], embed_state text, fingerprint text, observed_at timestamptz,
        embedding vector(${context.dimensions}), search_text text
      ) ON COMMIT DROP`,
  )
  await sql.copyIn!(
    `COPY ${STAGE} FROM STDIN (FORMAT binary)`,
    send(
      copyPayload(rows, (row, ord) => [
        { type: 'int4', value: ord },
        ...importCopyFields(row),
        { type: 'text', value: searchText(row).searchText },
      ]),
    ),
  )
  const result = await sql.query<{ id: string }>(
    `INSERT INTO memories (${IMPORT_SQL.columns})
       SELECT $1, s.id, ${IMPORT_SQL.compared.map((column) => `s.${column}`).join(', ')},
         ${searchVectorSql('s.search_text')}
       FROM ${STAGE} s ORDER BY s.ord
     ${IMPORT_SQL.onConflict}`,
    [ns],
  )
  // A second batch in the same transaction stages again.
  await sql.query(`DROP TABLE ${STAGE}`)
  return new Set(result.rows.map((row) => row.id))
}
