/**
 * Okapi BM25's inverse document frequency of a term found in `df` of a corpus's `rows`
 * documents (the "plus one" form: never negative, even for a term in every document).
 */
export function bm25Idf(rows: number, df: number): number {
  return Math.log(1 + (rows - df + 0.5) / (df + 0.5))
}
