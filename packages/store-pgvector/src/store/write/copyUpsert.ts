import type { SqlRunner } from '../../sql/SqlRunner.js'
import { BinaryCopyWriter } from '../BinaryCopyWriter.js'
import type { StoreContext } from '../context/StoreContext.js'
import { searchVectorSql } from '../searchText.js'
import type { RowValues } from './RowValues.js'
import { rowCopyFields } from './rowCopyFields.js'
import { WRITE_SQL } from './WRITE_SQL.js'

/** A large batch that may update rows: binary COPY into a temporary stage, then one `INSERT … SELECT … ON CONFLICT`. */
export async function copyUpsert(
  context: StoreContext,
  sql: SqlRunner,
  ns: string,
  rows: RowValues[],
  onConflict: string,
): Promise<void> {
  await sql.query(
    `CREATE TEMP TABLE agent_memory_stage (
        ord int4, id text, tier text, level text, content text, summary text, metadata jsonb, tags text[],
        importance float8, created_at timestamptz, expires_at timestamptz, superseded_by text,
        valid_from timestamptz, valid_to timestamptz, confidence float8, observed_at timestamptz,
        assessed_importance float8,
        linked text[], embed_state text, fingerprint text, embedding vector(${context.dimensions}), search_text text
      ) ON COMMIT DROP`,
  )
  const writer = new BinaryCopyWriter()
  rows.forEach((row, ord) => {
    const { head, tail } = rowCopyFields(row)
    writer.addRow([
      { type: 'int4', value: ord },
      ...head,
      { type: 'timestamptz', value: row.createdAt },
      ...tail,
      { type: 'text', value: row.searchText },
    ])
  })
  await sql.copyIn!('COPY agent_memory_stage FROM STDIN (FORMAT binary)', writer.finish())
  await sql.query(
    `INSERT INTO memories (${WRITE_SQL.columns})
       SELECT $1, s.id, s.tier, s.level, s.content, s.summary, s.metadata,
         s.tags, s.importance, coalesce(s.created_at, now()), now(),
         coalesce(s.created_at, now()), s.expires_at, s.superseded_by, s.valid_from, s.valid_to, s.confidence,
         s.observed_at, s.assessed_importance, s.linked, s.embed_state, s.fingerprint,
         s.embedding, ${searchVectorSql('s.search_text')}
       FROM agent_memory_stage s ORDER BY s.ord
       ${onConflict}`,
    [ns],
  )
  // A second group in the same transaction stages again.
  await sql.query('DROP TABLE agent_memory_stage')
}
