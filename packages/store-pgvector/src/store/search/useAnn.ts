import type { SqlRunner } from '../../sql/SqlRunner.js'
import type { StoreContext } from '../context/StoreContext.js'
import { prefersAnn } from './prefersAnn.js'
import { searchPathFacts } from './searchPathFacts.js'

/**
 * Whether this search goes through HNSW (`prefersAnn` on the namespace's cached facts); when it
 * does, sets the HNSW knobs for `limit` wanted rows (`ef_search` = 4 × limit, within 40..1000).
 * SET LOCAL keeps them inside this transaction (and behind PgBouncer transaction pooling).
 */
export async function useAnn(
  context: StoreContext,
  sql: SqlRunner,
  table: 'memories' | 'memory_chunks',
  ns: string,
  limit: number,
): Promise<boolean> {
  const facts = await searchPathFacts(context, sql, table, ns)
  if (!prefersAnn(facts, context.exactSearchMaxRows)) return false
  const efSearch = Math.min(1000, Math.max(40, limit * 4))
  await sql.query('SET LOCAL hnsw.iterative_scan = relaxed_order')
  await sql.query(`SET LOCAL hnsw.ef_search = ${efSearch}`)
  return true
}
