import type { StoreContext } from '../../context/StoreContext.js'
import type { RankedDocuments } from '../../keyword/RankedDocuments.js'
import { thinnedNamespaces } from './thinnedNamespaces.js'

/**
 * How many of a ranking's head documents a search reads first (`fetchRanked`'s `first.read`). The
 * head runs deeper than the limit for rows the filter drops. Without a caller's filter only the
 * liveness conditions (expired, superseded, outside their validity) drop any, and rarely: the
 * first read covers the limit, and the rest of the head is read only when that falls short —
 * unless the namespace's last search found its heads thinned (`rememberHeadsThinned`).
 */
export function firstReadCount(
  context: StoreContext,
  namespace: string,
  filtered: boolean,
  limit: number,
  ranked: RankedDocuments,
): number {
  const deep = filtered || (thinnedNamespaces.get(context)?.has(namespace) ?? false)
  return deep ? ranked.head.length : Math.min(limit, ranked.head.length)
}
