import type { StoreContext } from '../context/StoreContext.js'
import { relationsOf } from './relationsOf.js'
import { VECTOR_TABLES } from './VECTOR_TABLES.js'

/** autovacuum's defaults: a table is due for ANALYZE once 50 rows + 10 % of it have changed. */
const ANALYZE_BASE_ROWS = 50
const ANALYZE_SCALE = 0.1

/**
 * ANALYZEs, on PostgreSQL, each vector table never analyzed or whose planner statistics lag behind
 * its writes by more than autovacuum's own threshold: a server running with autovacuum off, or one
 * whose autovacuum has not come round to it yet. Returns the tables analyzed. Index upkeep calls
 * it before it builds or calibrates an index, because a namespace's partial index is only as good
 * as the planner's estimate of the namespace: with no statistics the planner guessed one row for
 * any namespace, sorted 10,000 rows exactly instead of walking the index, and read the chunk leg
 * by looping over every memory of the namespace (a 512-d namespace of 10,000 memories: 106 and
 * 98 ms a search, against 8.6 and 0.05 ms once analyzed). PGlite has its own rule
 * (`PgliteExecutor`).
 */
export async function analyzeIfStale(context: StoreContext): Promise<string[]> {
  if (context.executor.kind !== 'postgres' || context.executor.readOnly) return []
  const stale: string[] = []
  for (const table of VECTOR_TABLES) {
    const due = await context.executor.transaction((sql) =>
      sql.query<{ due: boolean }>(
        // A table split by namespace is judged by its partitions (autovacuum analyzes those).
        // Never analyzed (reltuples -1): the planner assumes ten pages of rows, even of an empty table.
        `SELECT coalesce(bool_or(c.reltuples < 0 OR s.n_mod_since_analyze > $2 + $3 * greatest(c.reltuples, 0)), false) AS due
           FROM ${relationsOf('$1')} r JOIN pg_class c ON c.oid = r.relid
           JOIN pg_stat_all_tables s ON s.relid = r.relid WHERE c.relkind = 'r'`,
        [table, ANALYZE_BASE_ROWS, ANALYZE_SCALE],
      ),
    )
    if (due.rows[0]?.due !== true || context.upkeep.closing) continue
    await context.executor.transaction((sql) => sql.query(`ANALYZE ${table}`))
    stale.push(table)
  }
  return stale
}
