import type { Memory } from '../../model/Memory.js'
import { wordSet } from './wordSet.js'

/** Word overlap (Jaccard) from which two facts count as the same one worded twice. */
const SAME_FACT = 0.8

/**
 * Drops, from memories already in profile order, each one that repeats an earlier one: the same
 * fingerprint (one text in two tiers) or nearly the same words ("Ada likes green tea" / "Ada
 * really likes green tea"). The earlier, better-placed one stays.
 */
export function dedupeProfile(ordered: readonly Memory[]): Memory[] {
  const kept: Array<{ memory: Memory; words: Set<string> }> = []
  const fingerprints = new Set<string>()
  for (const memory of ordered) {
    if (fingerprints.has(memory.fingerprint)) continue
    const words = wordSet(memory.content)
    const repeats = kept.some((other) => {
      let shared = 0
      for (const word of words) if (other.words.has(word)) shared++
      const union = words.size + other.words.size - shared
      return union > 0 && shared / union >= SAME_FACT
    })
    if (repeats) continue
    fingerprints.add(memory.fingerprint)
    kept.push({ memory, words })
  }
  return kept.map((entry) => entry.memory)
}
