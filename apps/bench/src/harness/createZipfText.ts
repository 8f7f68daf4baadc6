import type { Rng } from './createRng.js'

const SYLLABLES = 'ka lo mi ne ru sa te vo zi pa be do fu gi ha je ku la mo nu ri se ti wa yo'.split(' ')

/**
 * A text source closer to natural language than a small word list: a seeded vocabulary of
 * `vocabulary` pseudo-words drawn with Zipf's law (exponent ~1.07), so a few words are everywhere
 * and most are rare — which is what makes a keyword index selective.
 */
export function createZipfText(rng: Rng, vocabulary = 20_000, exponent = 1.07): (words: number) => string {
  const lexicon: string[] = []
  const seen = new Set<string>()
  while (lexicon.length < vocabulary) {
    const parts = 1 + rng.int(3) + (lexicon.length > 2000 ? 1 : 0)
    let word = ''
    for (let i = 0; i < parts; i++) word += SYLLABLES[rng.int(SYLLABLES.length)]
    if (!seen.has(word)) {
      seen.add(word)
      lexicon.push(word)
    }
  }
  const cdf = new Float64Array(vocabulary)
  let total = 0
  for (let r = 0; r < vocabulary; r++) {
    total += 1 / (r + 1) ** exponent
    cdf[r] = total
  }
  const draw = (): string => {
    const u = rng.next() * total
    let lo = 0
    let hi = vocabulary - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cdf[mid]! < u) lo = mid + 1
      else hi = mid
    }
    return lexicon[lo]!
  }
  return (words) => `${Array.from({ length: words }, draw).join(' ')}.`
}
