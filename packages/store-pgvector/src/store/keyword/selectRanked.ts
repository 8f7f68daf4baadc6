import type { RankedDocument } from './RankedDocument.js'
import type { RankedDocuments } from './RankedDocuments.js'

const byRank = (a: RankedDocument, b: RankedDocument) =>
  b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * The best `depth` of `slots` (by `scores[slot]`, ties by `idOf(slot)`) as ranked documents, the
 * others sorted only when asked for. The selection works on slot numbers: a document object is
 * made only for the head (thousands of documents match a common word; a query wants a few dozen).
 */
export function selectRanked(
  slots: readonly number[],
  scores: Float64Array,
  idOf: (slot: number) => string,
  depth: number,
): RankedDocuments {
  const document = (slot: number): RankedDocument => ({ id: idOf(slot), score: scores[slot]! })
  // Whether slot a ranks before slot b: the higher score, then the smaller id.
  const before = (a: number, b: number) => {
    const scoreA = scores[a]!
    const scoreB = scores[b]!
    if (scoreA !== scoreB) return scoreA > scoreB
    return idOf(a) < idOf(b)
  }
  // The best `depth` seen so far, best first: a slot enters only when it beats the worst of them.
  const head: number[] = []
  for (const slot of slots) {
    if (head.length === depth && !before(slot, head[depth - 1]!)) continue
    let at = head.length === depth ? depth - 1 : head.length
    while (at > 0 && before(slot, head[at - 1]!)) {
      head[at] = head[at - 1]!
      at--
    }
    head[at] = slot
  }
  return {
    head: head.map(document),
    rest: () => {
      const inHead = new Set(head)
      return slots
        .filter((slot) => !inHead.has(slot))
        .map(document)
        .sort(byRank)
    },
  }
}
