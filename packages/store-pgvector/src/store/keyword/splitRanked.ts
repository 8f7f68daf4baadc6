import type { RankedDocument } from './RankedDocument.js'
import type { RankedDocuments } from './RankedDocuments.js'

const byRank = (a: RankedDocument, b: RankedDocument) =>
  b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The best `depth` sorted now; the others sorted only when asked for. */
export function splitRanked(ranked: RankedDocument[], depth: number): RankedDocuments {
  if (ranked.length <= depth * 4) {
    ranked.sort(byRank)
    return { head: ranked.slice(0, depth), rest: () => ranked.slice(depth) }
  }
  // A bounded selection: keep the best `depth` seen, dropping the worst of them as better ones come.
  const head: RankedDocument[] = []
  const others: RankedDocument[] = []
  for (const document of ranked) {
    if (head.length < depth) {
      head.push(document)
      if (head.length === depth) head.sort(byRank)
      continue
    }
    if (byRank(document, head[depth - 1]!) >= 0) {
      others.push(document)
      continue
    }
    let at = depth - 1
    while (at > 0 && byRank(document, head[at - 1]!) < 0) at--
    others.push(head.pop()!)
    head.splice(at, 0, document)
  }
  if (head.length < depth) head.sort(byRank)
  return { head, rest: () => others.sort(byRank) }
}
