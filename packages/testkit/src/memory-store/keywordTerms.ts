const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' })

/**
 * The keyword leg's terms: word-like segments (Intl.Segmenter, so CJK and Thai split into words
 * too), lower-cased, in order, repeats kept (term frequency matters). Punctuation, operators and
 * quoting never form a term, so hostile query syntax is inert.
 */
export function keywordTerms(text: string): string[] {
  const terms: string[] = []
  for (const segment of segmenter.segment(text.toWellFormed().normalize('NFKC').toLowerCase())) {
    if (segment.isWordLike) terms.push(segment.segment)
  }
  return terms
}
