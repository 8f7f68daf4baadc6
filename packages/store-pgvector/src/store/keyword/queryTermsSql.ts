import { searchVectorSql } from '../searchText.js'

/**
 * The query's terms as rows `(lexeme, parts)`: each lexeme of the query's analysis (`analysis`, a
 * bound text parameter such as `$1::text`) as the documents' vectors hold it, with the parts
 * `plainto_tsquery('simple', lexeme)` would require (`KeywordTerm`). The one derivation both
 * in-process keyword indexes prepare a search with (`KeywordIndex`, `SharedKeywordIndex`).
 */
export function queryTermsSql(analysis: string): string {
  return `SELECT l AS lexeme, tsvector_to_array(to_tsvector('simple', l)) AS parts
           FROM unnest(tsvector_to_array(${searchVectorSql(analysis)})) AS l`
}
