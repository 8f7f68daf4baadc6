import { segmentWords } from './segmentWords.js'

const MAX_QUERY_CHARS = 4_000
const MAX_QUERY_WORDS = 32
const MAX_WORD_LENGTH = 200

/** Distinct query words (bounded in number and length) to OR together as bound lexemes. */
export function queryWords(query: string): string[] {
  if (typeof query !== 'string') return []
  const words = segmentWords(query.slice(0, MAX_QUERY_CHARS)).filter((word) => word.length <= MAX_WORD_LENGTH)
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS)
}

/** The text a memory's `tsvector` is built from: its words (content, summary, tags) joined by spaces. */
export function documentText(
  content: string,
  summary: string | null | undefined,
  tags: string[] | undefined,
): string {
  const parts = [content, summary ?? '', ...(tags ?? [])].join('\n')
  return segmentWords(parts)
    .filter((word) => word.length <= MAX_WORD_LENGTH)
    .join(' ')
}
