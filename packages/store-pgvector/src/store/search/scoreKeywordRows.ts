import type { SqlRunner } from '../../sql/SqlRunner.js'
import { MEMORY_COLUMNS } from '../memoryColumns.js'
import { BM25_B, BM25_K1 } from '../searchText.js'
import type { SearchScope } from './searchScope.js'

/** A matched query lexeme with its BM25 weight. */
export interface WeightedTerm {
  lexeme: string
  idf: number
}

/**
 * The best `scope.limit` rows (through the scope's filter) holding any of `candidates`, each
 * scored by BM25 over all `terms`: a row's score counts every term it holds, not only the
 * candidate terms that selected it.
 */
export async function scoreKeywordRows(
  sql: SqlRunner,
  scope: SearchScope,
  terms: readonly WeightedTerm[],
  candidates: readonly string[],
  avgLength: number,
): Promise<Array<Record<string, unknown>>> {
  const values = [...scope.params.values]
  const bind = (value: unknown, cast: string) => {
    values.push(value)
    return `$${values.length}::${cast}`
  }
  const lexemes = bind(
    terms.map((term) => term.lexeme),
    'text[]',
  )
  const idfs = bind(
    terms.map((term) => term.idf),
    'float8[]',
  )
  const candidateLexemes = bind(candidates, 'text[]')
  const avg = bind(avgLength, 'float8')
  const limit = bind(scope.limit, 'int')
  const anyCandidate = candidates
    .map((_, i) => `plainto_tsquery('simple', (${candidateLexemes})[${i + 1}])`)
    .join(' || ')
  const scored = await sql.query<Record<string, unknown>>(
    `SELECT ${MEMORY_COLUMNS}, s.score FROM memories m
       CROSS JOIN LATERAL (
         SELECT coalesce(sum(w.idf * x.tf * ${BM25_K1 + 1}
           / (x.tf + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * length(m.search) / ${avg}))), 0) AS score
         FROM unnest(ts_filter(setweight(m.search, 'A', ${lexemes}), '{a}')) AS u
         CROSS JOIN LATERAL (SELECT u.lexeme, coalesce(array_length(u.positions, 1), 1) AS tf) x
         JOIN unnest(${lexemes}, ${idfs}) AS w(lexeme, idf) ON w.lexeme = x.lexeme
       ) s
       WHERE m.search @@ (SELECT ${anyCandidate}) AND ${scope.conditions.join(' AND ')}
       ORDER BY s.score DESC, m.id LIMIT ${limit}`,
    values,
  )
  return scored.rows
}
