import { ENGLISH_STOP_WORDS } from './ENGLISH_STOP_WORDS.js'
import { stemWord } from './stemWord.js'

/**
 * The distinct content words of a text, lower-cased and lightly stemmed, English function words
 * dropped. `only`: just those of these terms (what a comparison with a query's terms needs); a word
 * that cannot stem to any of them is passed over unexamined.
 */
export function contentTerms(text: string, only?: ReadonlySet<string>): Set<string> {
  const terms = new Set<string>()
  // `stem` only cuts a suffix (or turns "ies" into "y"), so a word that stems to a term starts
  // with the term less its last character.
  const prefixes = only === undefined ? undefined : [...only].map((term) => term.slice(0, -1))
  for (const word of text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []) {
    if (prefixes !== undefined && !prefixes.some((prefix) => word.startsWith(prefix))) continue
    if (ENGLISH_STOP_WORDS.has(word.replace(/['’].*$/, ''))) continue
    const term = stemWord(word)
    if (only === undefined || only.has(term)) terms.add(term)
  }
  return terms
}
