import type { Memory } from '../../model/Memory.js'
import { wordSet } from './wordSet.js'

/** Word overlap (Jaccard) from which two facts count as the same one worded twice. */
const SAME_FACT = 0.8

/**
 * The facts a profile holds so far, to drop each later memory that repeats one: the same
 * fingerprint (one text in two tiers) or nearly the same words ("Ada likes green tea" / "Ada
 * really likes green tea"). Compared with what the profile holds only (a few dozen facts), never
 * with every candidate.
 */
export class FactSet {
  readonly #fingerprints = new Set<string>()
  readonly #words: Array<Set<string>> = []

  /** Whether `memory` repeats a fact already held. */
  repeats(memory: Memory): boolean {
    if (this.#fingerprints.has(memory.fingerprint)) return true
    const words = wordSet(memory.content)
    return this.#words.some((other) => {
      let shared = 0
      for (const word of words) if (other.has(word)) shared++
      const union = words.size + other.size - shared
      return union > 0 && shared / union >= SAME_FACT
    })
  }

  add(memory: Memory): void {
    this.#fingerprints.add(memory.fingerprint)
    this.#words.push(wordSet(memory.content))
  }
}
