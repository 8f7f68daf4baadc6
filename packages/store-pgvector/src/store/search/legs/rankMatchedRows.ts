import { parseTsvector } from '../../keyword/parseTsvector.js'
import type { RankedDocuments } from '../../keyword/RankedDocuments.js'
import { selectRanked } from '../../keyword/selectRanked.js'
import { BM25_B, BM25_K1 } from '../../searchText.js'

/** A row the keyword leg read: its id, its distinct-lexeme count and its lexemes among the query's (tsvector text). */
export interface MatchedRow {
  id: string
  length: number
  matched: string
}

/**
 * Matched rows ranked by BM25 over `terms` (the best `limit` sorted), scored as the embedded
 * store's in-process index scores (the same formula, ties by id). A lexeme of a row that is not
 * among `terms` adds nothing.
 */
export function rankMatchedRows(
  rows: readonly MatchedRow[],
  terms: ReadonlyArray<{ lexeme: string; idf: number }>,
  avgLength: number,
  limit: number,
): RankedDocuments {
  const idfOf = new Map(terms.map((term) => [term.lexeme, term.idf]))
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
  return selectRanked(Array.from(rows.keys()), scores, (slot) => rows[slot]!.id, limit)
}
