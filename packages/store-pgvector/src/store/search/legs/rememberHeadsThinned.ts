import type { ScoredMemory } from '@agent-memory/core'
import type { StoreContext } from '../../context/StoreContext.js'
import type { RankedDocuments } from '../../keyword/RankedDocuments.js'
import { thinnedNamespaces } from './thinnedNamespaces.js'

/** Namespaces remembered at most per store; the oldest entry goes first beyond it. */
const REMEMBERED = 10_000

/**
 * Records whether an unfiltered search of the namespace found its rankings' first `limit`
 * documents thinned by the liveness conditions (expired, superseded, outside their validity):
 * each leg's `hits` are not its ranking's first documents. The next search then reads the heads'
 * deeper rows in its first read too (`firstReadCount`).
 */
export function rememberHeadsThinned(
  context: StoreContext,
  namespace: string,
  legs: ReadonlyArray<{ ranked: RankedDocuments | undefined; hits: readonly ScoredMemory[]; limit: number }>,
): void {
  const thinned = legs.some(({ ranked, hits, limit }) => {
    if (ranked === undefined) return false
    const expected = Math.min(limit, ranked.head.length)
    if (hits.length < expected) return true
    for (let i = 0; i < expected; i++) if (hits[i]!.memory.id !== ranked.head[i]!.id) return true
    return false
  })
  let namespaces = thinnedNamespaces.get(context)
  if (!thinned) {
    namespaces?.delete(namespace)
    return
  }
  if (namespaces === undefined) {
    namespaces = new Set()
    thinnedNamespaces.set(context, namespaces)
  }
  namespaces.delete(namespace)
  namespaces.add(namespace)
  if (namespaces.size > REMEMBERED) namespaces.delete(namespaces.values().next().value!)
}
