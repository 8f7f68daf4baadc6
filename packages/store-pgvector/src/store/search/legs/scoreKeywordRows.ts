import type { SqlRunner } from '../../../sql/SqlRunner.js'
import { parseTsvector } from '../../keyword/parseTsvector.js'
import type { RankedDocuments } from '../../keyword/RankedDocuments.js'
import { selectRanked } from '../../keyword/selectRanked.js'
import { BM25_B, BM25_K1 } from '../../searchText.js'
import type { SearchScope } from '../scope/searchScope.js'

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
 * (`ts_filter` to those, as text), and are scored here as the embedded store's in-process index
 * scores (the same formula, ties by id). Scoring each candidate in SQL unnested its vector and
 * joined it to the terms per row: on a namespace of 10,000 rows whose query words each match a
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
  const matched = await sql.query<{ id: string; length: number; matched: string }>(
    `SELECT m.id, length(m.search) AS length, ts_filter(setweight(m.search, 'A', ${lexemes}), '{a}')::text AS matched
       FROM memories m WHERE m.search @@ (SELECT ${anyCandidate}) AND ${scope.conditions.join(' AND ')}`,
    values,
  )
  const idfOf = new Map(terms.map((term) => [term.lexeme, term.idf]))
  const rows = matched.rows
  const scores = new Float64Array(rows.length)
  for (let slot = 0; slot < rows.length; slot++) {
    const row = rows[slot]!
    const norm = BM25_K1 * (1 - BM25_B + (BM25_B * Number(row.length)) / avgLength)
    const parsed = parseTsvector(row.matched)
    let score = 0
    for (let i = 0; i < parsed.lexemes.length; i++) {
      const idf = idfOf.get(parsed.lexemes[i]!)
      if (idf === undefined) continue
      const tf = parsed.tfs[i]!
      score += (idf * tf * (BM25_K1 + 1)) / (tf + norm)
    }
    scores[slot] = score
  }
  return selectRanked(Array.from(rows.keys()), scores, (slot) => rows[slot]!.id, scope.limit)
}
