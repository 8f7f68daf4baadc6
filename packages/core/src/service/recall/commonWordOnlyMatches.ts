import type { Memory } from '../../model/Memory.js'
import { contentTerms } from './contentTerms.js'
import { relatedQueryTerms } from './relatedQueryTerms.js'

/**
 * The candidates that are there only for words most candidates share (a user's name, "user"), not
 * for what the question asks. A query word a candidate holds (`relatedQueryTerms`: the same stem or
 * a related form) is common when more than half the candidates, and at least two, hold it. The
 * words that set candidates apart are the uncommon ones some candidate holds; when every held word
 * is common, the least common of them, if some candidate lacks it. A candidate is listed when it
 * holds query words, all common, and misses every word that sets candidates apart; or, from three
 * candidates on, when its one word in common with the question is held by every candidate. A
 * candidate holding none of the query's words as far as this can see (another script, a form the
 * stemmers disagree on) is never listed: the other rules judge it.
 */
export function commonWordOnlyMatches(query: string, memories: ReadonlyMap<string, Memory>): Set<string> {
  const listed = new Set<string>()
  const wanted = contentTerms(query)
  if (wanted.size === 0 || memories.size === 0) return listed
  const heldBy = new Map<string, Set<string>>()
  const df = new Map<string, number>()
  for (const [id, memory] of memories) {
    const held = relatedQueryTerms(memory.content, wanted)
    heldBy.set(id, held)
    for (const term of held) df.set(term, (df.get(term) ?? 0) + 1)
  }
  if (df.size === 0) return listed
  const total = memories.size
  const isCommon = (term: string) => df.get(term)! > total / 2 && df.get(term)! >= 2
  let setApart = new Set([...df.keys()].filter((term) => !isCommon(term)))
  if (setApart.size === 0) {
    const fewest = Math.min(...df.values())
    if (fewest < total)
      setApart = new Set([...df].filter(([, count]) => count === fewest).map(([term]) => term))
  }
  for (const [id, held] of heldBy) {
    if (held.size === 0 || ![...held].every(isCommon)) continue
    const missesWhatSetsApart = setApart.size > 0 && ![...held].some((term) => setApart.has(term))
    const onlyWhatAllHold = total >= 3 && held.size === 1 && df.get([...held][0]!) === total
    if (missesWhatSetsApart || onlyWhatAllHold) listed.add(id)
  }
  return listed
}
