/**
 * Thirty words, twelve to a memory: every word is in about a third of the memories (W12's text), so
 * the keyword leg's first pass cannot prune and every match is read beside the statistics.
 */
const words = Array.from({ length: 30 }, (_, i) => `w${((i * 7919) % 997).toString(36)}k`)

/** `count` deterministic texts of twelve words of the vocabulary each, from `seed`. */
export function commonWordTexts(count: number, seed: number): string[] {
  let state = seed
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
  return Array.from({ length: count }, () =>
    Array.from({ length: 12 }, () => words[Math.floor(next() * words.length)]).join(' '),
  )
}
