import type { SqlRunner } from '../../../sql/SqlRunner.js'
import type { RankedDocuments } from '../../keyword/RankedDocuments.js'
import type { SearchScope } from '../scope/searchScope.js'
import { type MatchedRow, rankMatchedRows } from './rankMatchedRows.js'

/** A matched query lexeme with its BM25 weight. */
export interface WeightedTerm {
  lexeme: string
  idf: number
}

/**
 * The rows (through the scope's filter) holding any of `candidates`, ranked by BM25 over all
 * `terms` (the best `scope.limit` sorted): a row's score counts every term it holds, not only the
 * candidate terms that selected it. Only ids and scores: the caller reads the winners' rows
 * (`fetchRanked`), which also replaces one a concurrent write removed meanwhile by the next best.
 *
 * The candidates come back as their id, length and the query's lexemes of their `search` vector
 * (`ts_filter` to those, as text), and are scored by `rankMatchedRows`. Scoring each candidate in
 * SQL unnested its vector and joined it to the terms per row: on a namespace of 10,000 rows whose query words each match a
 * third of them, that was ~100 ms of a 120 ms statement, against ~25 ms to read the same
 * candidates' matched lexemes.
 */
export async function scoreKeywordRows(
  sql: SqlRunner,
  scope: SearchScope,
  terms: readonly WeightedTerm[],
  candidates: readonly string[],
  avgLength: number,
): Promise<RankedDocuments> {
  const values = [...scope.params.values]
  const bind = (value: unknown, cast: string) => {
    values.push(value)
    return `$${values.length}::${cast}`
  }
  const lexemes = bind(
    terms.map((term) => term.lexeme),
    'text[]',
  )
  const candidateLexemes = bind(candidates, 'text[]')
  const anyCandidate = candidates
    .map((_, i) => `plainto_tsquery('simple', (${candidateLexemes})[${i + 1}])`)
    .join(' || ')
  const matched = await sql.query<MatchedRow>(
    `SELECT m.id, length(m.search) AS length, ts_filter(setweight(m.search, 'A', ${lexemes}), '{a}')::text AS matched
       FROM memories m WHERE m.search @@ (SELECT ${anyCandidate}) AND ${scope.conditions.join(' AND ')}`,
    values,
  )
  return rankMatchedRows(matched.rows, terms, avgLength, scope.limit)
}
