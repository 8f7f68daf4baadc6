import type { SqlRunner } from '../../../sql/SqlRunner.js'
import { searchVectorSql } from '../../searchText.js'
import type { SearchScope } from '../scope/searchScope.js'
import type { MatchedRow } from './rankMatchedRows.js'

/**
 * Every row (through the scope's filter) holding any of the query's lexemes, as `scoreKeywordRows`
 * reads them when it reads every match, without waiting for the statistics: the lexemes come from
 * the analysis in SQL, as the statistics read derives them, so it can leave in the same round trip.
 * A lexeme no row holds selects nothing and, absent from the statistics' terms, scores nothing.
 */
export async function readEveryMatch(
  sql: SqlRunner,
  scope: SearchScope,
  analysis: string,
): Promise<MatchedRow[]> {
  const values = [...scope.params.values, analysis]
  const lexemes = `tsvector_to_array(${searchVectorSql(`$${values.length}::text`)})`
  const result = await sql.query<MatchedRow>(
    `SELECT m.id, length(m.search) AS length, ts_filter(setweight(m.search, 'A', ${lexemes}), '{a}')::text AS matched
       FROM memories m
       WHERE m.search @@ (
           SELECT string_agg('(' || plainto_tsquery('simple', lexeme)::text || ')', ' | ')::tsquery
           FROM unnest(${lexemes}) AS lexeme WHERE numnode(plainto_tsquery('simple', lexeme)) > 0)
         AND ${scope.conditions.join(' AND ')}`,
    values,
  )
  return result.rows
}
