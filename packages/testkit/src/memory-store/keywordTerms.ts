import { englishStopWords } from './englishStopWords.js'
import { stemEnglish } from './stemEnglish.js'

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' })

/**
 * The keyword leg's terms: word-like segments (Intl.Segmenter, so CJK and Thai split into words
 * too), lower-cased, in order, repeats kept (term frequency matters). Like the PostgreSQL store's
 * `english` analysis, English stop words are dropped and plain Latin words stemmed (Porter step 1).
 * Punctuation, operators and quoting never form a term, so hostile query syntax is inert.
 */
export function keywordTerms(text: string): string[] {
  const terms: string[] = []
  for (const segment of segmenter.segment(text.toWellFormed().normalize('NFKC').toLowerCase())) {
    if (!segment.isWordLike || englishStopWords.has(segment.segment)) continue
    terms.push(stemEnglish(segment.segment))
  }
  return terms
}
