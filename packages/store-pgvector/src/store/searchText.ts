import { segmentWords } from './segmentWords.js'

const MAX_QUERY_CHARS = 4_000
const MAX_QUERY_WORDS = 32
const MAX_WORD_LENGTH = 200

/** Okapi BM25 saturation and length normalization (the usual defaults). */
export const BM25_K1 = 1.2
export const BM25_B = 0.75

/**
 * Words Postgres's `english` config can stem: Latin script (with digits, punctuation and
 * combining marks). Everything else — Chinese, Japanese, Korean, Cyrillic… — is already cut into
 * words by `segmentWords` and indexed verbatim with `simple`. Latin means only characters in
 * U+0000–024F, U+0300–036F, U+1E00–1EFF, U+2000–206F: the 0001 migration uses the same ranges.
 */
const NOT_ENGLISH = /[\u0250-\u02ff\u0370-\u1dff\u1f00-\u1fff\u2070-\uffff]/

function analysisText(words: readonly string[]): string {
  const english: string[] = []
  const verbatim: string[] = []
  for (const word of words) (NOT_ENGLISH.test(word) ? verbatim : english).push(word)
  // Words never contain a line break, so it separates the two parts for `searchVectorSql`.
  return `${english.join(' ')}\n${verbatim.join(' ')}`
}

/**
 * SQL for the `tsvector` of an analysis text (`documentText` or `queryText`, bound as `text`):
 * the Latin words through `english` (Snowball stemming, stop words dropped), the rest `simple`.
 */
export function searchVectorSql(text: string): string {
  return `(to_tsvector('english', split_part(${text}, E'\\n', 1)) || to_tsvector('simple', split_part(${text}, E'\\n', 2)))`
}

/** Distinct query words (bounded in number and length). */
export function queryWords(query: string): string[] {
  if (typeof query !== 'string') return []
  const words = segmentWords(query.slice(0, MAX_QUERY_CHARS)).filter((word) => word.length <= MAX_WORD_LENGTH)
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS)
}

/** The analysis text of a query (for `searchVectorSql`), or null when it has no words at all. */
export function queryText(query: string): string | null {
  const words = queryWords(query)
  return words.length === 0 ? null : analysisText(words)
}

/** The analysis text a memory's `tsvector` is built from (content, summary, tags), for `searchVectorSql`. */
export function documentText(
  content: string,
  summary: string | null | undefined,
  tags: string[] | undefined,
): string {
  const parts = [content, summary ?? '', ...(tags ?? [])].join('\n')
  return analysisText(segmentWords(parts).filter((word) => word.length <= MAX_WORD_LENGTH))
}
