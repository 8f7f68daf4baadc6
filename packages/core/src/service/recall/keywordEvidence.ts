import type { Memory } from '../../model/Memory.js'
import { contentTerms } from './contentTerms.js'

/**
 * How much of a question a keyword match answers, in [0, 1]: the query's content words the memory
 * holds, each weighted by its rarity among the recall's candidates (`ln(1 + N / (df + 0.5))`, so a
 * word every candidate shares, such as "user", counts little and a word no candidate holds counts
 * most), over the same sum for every content word of the query. Only for the memories in `matched`
 * (those the keyword leg found); a query without content words gives nothing.
 */
export function keywordEvidence(
  query: string,
  memories: ReadonlyMap<string, Memory>,
  matched: Iterable<string>,
): Map<string, number> {
  const evidence = new Map<string, number>()
  const wanted = contentTerms(query)
  if (wanted.size === 0) return evidence
  const termsOf = new Map<string, Set<string>>()
  const df = new Map<string, number>([...wanted].map((term) => [term, 0]))
  for (const [id, memory] of memories) {
    // Only the query's terms are ever looked up: the others are not collected.
    const terms = contentTerms(memory.content, wanted)
    termsOf.set(id, terms)
    for (const term of wanted) if (terms.has(term)) df.set(term, df.get(term)! + 1)
  }
  const weight = (term: string) => Math.log(1 + memories.size / (df.get(term)! + 0.5))
  let total = 0
  for (const term of wanted) total += weight(term)
  for (const id of matched) {
    const terms = termsOf.get(id)
    if (!terms) continue
    let held = 0
    for (const term of wanted) if (terms.has(term)) held += weight(term)
    evidence.set(id, total > 0 ? held / total : 0)
  }
  return evidence
}
