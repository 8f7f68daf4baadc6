/** A namespace's BM25 corpus statistics (see `keywordCorpus`). */
export interface KeywordStats {
  /** Documents in the namespace (at least the largest document frequency seen). */
  rows: number
  /** Mean distinct-lexeme count of a document, at least 1. */
  avgLength: number
  /** When they were measured (`Date.now()`). */
  at: number
}
