import type { Memory } from '../../model/Memory.js'
import type { RoleOptions } from '../MemoryServiceOptions.js'

/**
 * Role weighting: each candidate whose `metadata[key]` is a role listed in `weights` has its
 * relevance multiplied by that weight (an assistant's turn by 0.8 by default); every other
 * memory keeps its own. What the user said is what a later question needs more often than the
 * assistant's replies, which restate a request at length and match many queries. Applied after
 * lending and session support, so a reply still lends its neighbours its full relevance. Returns
 * a new map.
 */
export function weighByRole(
  relevance: ReadonlyMap<string, number>,
  memories: ReadonlyMap<string, Memory>,
  options: Required<RoleOptions>,
): Map<string, number> {
  const weighed = new Map(relevance)
  for (const [id, value] of relevance) {
    const role = memories.get(id)?.metadata[options.key]
    if (typeof role !== 'string' || !Object.hasOwn(options.weights, role)) continue
    const weight = options.weights[role]!
    // A NaN or out-of-range weight leaves the memory as it was rather than spreading NaN.
    if (weight >= 0 && weight <= 1) weighed.set(id, value * weight)
  }
  return weighed
}
