import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { StoreContext } from '../context/StoreContext.js'
import { scheduleIndexUpkeep } from '../indexes/scheduleIndexUpkeep.js'
import { ANN_EF_SEARCH } from './ANN_EF_SEARCH.js'
import { needsIndexUpkeep } from './needsIndexUpkeep.js'
import { prefersAnn } from './prefersAnn.js'
import { searchPathFacts } from './searchPathFacts.js'

/**
 * Whether this search goes through HNSW (`prefersAnn` on the namespace's cached facts); when it
 * does, sets the HNSW knobs for `limit` wanted rows. `ef_search` = max(the namespace index's own
 * calibrated value (`calibrateEfSearch`), else `ANN_EF_SEARCH`; limit), not a multiple of it (the
 * recall guard reports what it is on the user's queries): the relaxed iterative scan keeps walking the graph when a candidate list is
 * too short, and the caller's completeness fallback catches the rest. Both knobs are local to this
 * transaction (`set_config(…, true)` is SET LOCAL: it holds behind PgBouncer transaction pooling)
 * and go in one statement: one round trip, not two, on every ANN search. A namespace whose size
 * calls for another index state gets its upkeep queued in the background (`autoIndex`).
 */
export async function useAnn(
  context: StoreContext,
  sql: SqlRunner,
  table: 'memories' | 'memory_chunks',
  ns: string,
  limit: number,
): Promise<boolean> {
  const facts = await searchPathFacts(context, sql, table, ns)
  if (needsIndexUpkeep(facts, context.exactSearchMaxRows)) scheduleIndexUpkeep(context, ns)
  if (!prefersAnn(facts, context.exactSearchMaxRows)) return false
  // Calibrated values exist only for a valid namespace index (`searchPathFacts`); both are floors:
  // a search wanting more rows than that walks at least as wide as it wants.
  const efSearch = Math.min(1000, Math.max(facts.efSearch ?? ANN_EF_SEARCH, limit))
  await sql.query(
    "SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', $1, true)",
    [String(efSearch)],
  )
  return true
}
