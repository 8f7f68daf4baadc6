const VOWEL = /[aeiouy]/
const CVC = /[^aeiou][aeiouy][^aeiouwxy]$/

/** Porter's measure: the number of vowel→consonant transitions in `stem`. */
function measure(stem: string): number {
  return (stem.replace(/^[^aeiou]+/, '').match(/[aeiouy]+[^aeiouy]+/g) ?? []).length
}

/**
 * Porter's step 1 (plurals, -ed, -ing, final -y) on a lower-case ASCII word: enough to make
 * running ↔ run and cats ↔ cat meet, as PostgreSQL's `english` (Snowball) stemming does. A
 * stand-in for the reference store, not a copy of Snowball.
 */
export function stemEnglish(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 2) return word
  let w = word
  if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('ies')) w = w.slice(0, -2)
  else if (/(ch|sh|x|zz|ss)es$/.test(w)) w = w.slice(0, -2)
  else if (!w.endsWith('ss') && w.endsWith('s')) w = w.slice(0, -1)
  if (w.endsWith('eed')) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1)
  } else {
    const suffix = w.endsWith('ed') ? 2 : w.endsWith('ing') ? 3 : 0
    const stem = w.slice(0, w.length - suffix)
    if (suffix > 0 && VOWEL.test(stem)) {
      w = stem
      if (/(at|bl|iz)$/.test(w)) w += 'e'
      else if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1)
      else if (measure(w) === 1 && CVC.test(w)) w += 'e'
    }
  }
  if (w.endsWith('y') && VOWEL.test(w.slice(0, -1))) w = `${w.slice(0, -1)}i`
  return w
}
