import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { StoreContext } from '../context/StoreContext.js'
import { scheduleIndexUpkeep } from '../indexes/scheduleIndexUpkeep.js'
import { needsIndexUpkeep } from './needsIndexUpkeep.js'
import { prefersAnn } from './prefersAnn.js'
import { searchPathFacts } from './searchPathFacts.js'

/**
 * Whether this search goes through HNSW (`prefersAnn` on the namespace's cached facts); when it
 * does, sets the HNSW knobs for `limit` wanted rows. `ef_search` = max(100, limit), not a
 * multiple of it (100, not pgvector's 40: W10 measured recall@10 0.87–0.93 at 40 on 1–4k-row
 * namespace indexes, and the recall guard reports what it is on the user's data): the relaxed iterative scan keeps walking the graph when a candidate list is
 * too short, and the caller's completeness fallback catches the rest. SET LOCAL keeps the knobs
 * inside this transaction (and behind PgBouncer transaction pooling). A namespace whose size
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
  const efSearch = Math.min(1000, Math.max(100, limit))
  await sql.query('SET LOCAL hnsw.iterative_scan = relaxed_order')
  await sql.query(`SET LOCAL hnsw.ef_search = ${efSearch}`)
  return true
}
