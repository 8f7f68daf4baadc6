import type { SearchPathFacts } from '../../context/SearchPathFacts.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { scheduleIndexUpkeep } from '../../indexes/scheduleIndexUpkeep.js'
import { ANN_EF_SEARCH } from './ANN_EF_SEARCH.js'
import type { AnnPlan } from './AnnPlan.js'
import { needsIndexUpkeep } from './needsIndexUpkeep.js'
import { prefersAnn } from './prefersAnn.js'

/**
 * Which HNSW index a search of `ns` walks, and with which knobs, given the namespace's facts
 * (null: exact, `prefersAnn`). `ef_search` = max(the namespace index's own calibrated value
 * (`calibrateEfSearch`), else `ANN_EF_SEARCH`; limit), not a multiple of it (the recall guard
 * reports what it is on the user's queries): the relaxed iterative scan keeps walking the graph
 * when a candidate list is too short, and the caller's completeness fallback catches the rest.
 * A namespace whose size calls for another index state gets its upkeep queued in the background
 * (`autoIndex`).
 */
export function planAnn(
  context: StoreContext,
  facts: SearchPathFacts,
  ns: string,
  limit: number,
): AnnPlan | null {
  if (needsIndexUpkeep(facts, context.exactSearchMaxRows)) scheduleIndexUpkeep(context, ns)
  if (!prefersAnn(facts, context.exactSearchMaxRows)) return null
  // Calibrated values exist only for a valid namespace index (`searchPathFacts`); both are floors:
  // a search wanting more rows than that walks at least as wide as it wants.
  const efSearch = Math.min(1000, Math.max(facts.efSearch ?? ANN_EF_SEARCH, limit))
  return {
    index: facts.namespaceIndex ? 'namespace' : 'global',
    settings: { 'hnsw.iterative_scan': 'relaxed_order', 'hnsw.ef_search': String(efSearch) },
  }
}
