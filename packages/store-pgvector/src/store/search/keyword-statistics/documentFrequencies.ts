import type { SqlRunner } from '../../../sql/SqlRunner.js'
import { searchVectorSql } from '../../searchText.js'

/**
 * The query's lexemes and how many of the namespace's documents hold each, counted (where the
 * statistics are not maintained on write, see `keywordStatistics`, and as the tests' reference). The query goes
 * through the same analysis as the documents; its lexemes come back as data and are only ever
 * bound as parameters, so no caller text reaches the tsquery parser.
 */
export async function documentFrequencies(
  sql: SqlRunner,
  ns: string,
  analysis: string,
): Promise<Array<{ lexeme: string; df: number }>> {
  const terms = await sql.query<{ lexeme: string; df: number }>(
    `SELECT t.lexeme, (SELECT count(*)::int FROM memories d WHERE d.namespace = $1 AND d.search @@ t.query) AS df
         FROM (SELECT lexeme, plainto_tsquery('simple', lexeme) AS query
           FROM unnest(tsvector_to_array(${searchVectorSql('$2::text')})) AS lexeme OFFSET 0) t`,
    [ns, analysis],
  )
  return terms.rows.map((term) => ({ lexeme: term.lexeme, df: Number(term.df) }))
}
