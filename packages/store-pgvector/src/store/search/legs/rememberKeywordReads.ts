import type { StoreContext } from '../../context/StoreContext.js'

/** Namespaces remembered at most; the oldest entry goes first beyond it. */
const REMEMBERED = 10_000

/**
 * Records whether the keyword leg's last search of a namespace read every match (its first pass
 * could not prune), so the next one can read them beside the statistics (`searchLegsPipelined`).
 */
export function rememberKeywordReads(context: StoreContext, namespace: string, everyMatch: boolean): void {
  const remembered = context.keywordReadsEveryMatch
  remembered.delete(namespace)
  remembered.set(namespace, everyMatch)
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!)
}
