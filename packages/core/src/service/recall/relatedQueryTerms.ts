import { ENGLISH_STOP_WORDS } from './ENGLISH_STOP_WORDS.js'
import { stemWord } from './stemWord.js'

/** Shortest shared beginning that makes two stems forms of one word (`allerg`: allergy, allergic). */
const MIN_SHARED_PREFIX = 5

function sharedPrefixLength(a: string, b: string): number {
  const end = Math.min(a.length, b.length)
  let at = 0
  while (at < end && a[at] === b[at]) at++
  return at
}

/**
 * Which of the query's content terms (`contentTerms`) a text holds: the same stem, or a related
 * form: stems sharing a beginning of at least 5 characters that falls at most two short of the
 * shorter one ("allergies" / "allergic", "controller" / "control"), which the light stemmer and
 * the store's stemmer both keep apart while a lexical embedder's character trigrams see one word.
 */
export function relatedQueryTerms(text: string, terms: ReadonlySet<string>): Set<string> {
  const held = new Set<string>()
  if (terms.size === 0) return held
  const heads = new Set([...terms].map((term) => term.slice(0, 3)))
  for (const word of text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []) {
    // Every match shares at least its first three characters with a term: skip the rest unexamined.
    if (!heads.has(word.slice(0, 3))) continue
    if (ENGLISH_STOP_WORDS.has(word.replace(/['’].*$/, ''))) continue
    const stem = stemWord(word)
    for (const term of terms) {
      if (held.has(term)) continue
      if (stem === term) {
        held.add(term)
        continue
      }
      const shared = sharedPrefixLength(stem, term)
      if (shared >= MIN_SHARED_PREFIX && shared >= Math.min(stem.length, term.length) - 2) held.add(term)
    }
    if (held.size === terms.size) break
  }
  return held
}
