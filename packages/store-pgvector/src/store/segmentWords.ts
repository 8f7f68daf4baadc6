const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' })

/**
 * Word-like segments of `text`, lower-cased. Postgres does not segment Chinese or Japanese, so
 * both stored text and queries are cut into words here and searched with the `simple` config.
 */
export function segmentWords(text: string): string[] {
  const words: string[] = []
  for (const part of segmenter.segment(text)) {
    if (part.isWordLike) words.push(part.segment.toLowerCase())
  }
  return words
}
