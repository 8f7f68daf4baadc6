import type { SqlRunner } from '../../sql/SqlRunner.js'
import { settingsStatement } from '../../sql/settingsStatement.js'
import type { StoreContext } from '../context/StoreContext.js'
import type { AnnIndex } from './AnnIndex.js'
import { planAnn } from './planAnn.js'
import { searchPathFacts } from './searchPathFacts.js'

/**
 * `planAnn` inside an open transaction, for a namespace whose facts are not cached: reads them
 * (`searchPathFacts`) and, when HNSW serves the search, sets its knobs for this transaction only
 * (`set_config(…, true)` is SET LOCAL: it holds behind PgBouncer transaction pooling), both in one
 * statement. Returns the index walked, or null for an exact search.
 */
export async function useAnn(
  context: StoreContext,
  sql: SqlRunner,
  table: 'memories' | 'memory_chunks',
  ns: string,
  limit: number,
): Promise<AnnIndex | null> {
  const plan = planAnn(context, await searchPathFacts(context, sql, table, ns), ns, limit)
  if (plan === null) return null
  await sql.query(settingsStatement(plan.settings)!)
  return plan.index
}
