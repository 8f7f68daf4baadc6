import type { SqlRunner } from '../../../sql/SqlRunner.js'
import type { IndexFacts } from '../../context/IndexFacts.js'
import { isFresh } from '../../context/isFresh.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { plannerRows } from '../../indexes/plannerRows.js'

const GLOBAL_INDEX_OF = {
  memories: 'memories_embedding_hnsw',
  memory_chunks: 'memory_chunks_embedding_hnsw',
} as const

/**
 * One table's index facts (its planner size, whether the global HNSW index exists, and the
 * namespaces with a valid index of their own and its calibrated ef_search), from one query,
 * cached per table for `countTtlMs`: shared by every namespace, so neither a namespace's first
 * search nor a search after a write waits on the catalog again.
 */
export async function indexFacts(
  context: StoreContext,
  sql: SqlRunner,
  table: 'memories' | 'memory_chunks',
): Promise<IndexFacts> {
  const cached = context.indexFacts.get(table)
  if (cached !== undefined && isFresh(context, cached.at)) return cached
  const at = Date.now()
  const read = await sql.query<{ table_rows: number | null; ann: boolean; indexes: unknown }>(
    // An index on the vector column itself (built before halfvecKey) serves no search: maintenance
    // builds it again. to_jsonb: a registry not yet migrated to 0004 has no ef_search column to name.
    `SELECT ${plannerRows('$1')} AS table_rows,
       EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = $2 AND tablename = $1) AS ann,
       (SELECT coalesce(json_agg(json_build_array(r.namespace, (to_jsonb(r) ->> 'ef_search')::int)), '[]'::json)
          FROM agent_memory_vector_indexes r JOIN pg_index i ON i.indexrelid = to_regclass(r.index_name)
          WHERE r.table_name = $1 AND i.indisvalid AND i.indexprs IS NOT NULL) AS indexes`,
    [table, GLOBAL_INDEX_OF[table]],
  )
  const found = read.rows[0]
  const indexes = (
    typeof found?.indexes === 'string' ? JSON.parse(found.indexes) : (found?.indexes ?? [])
  ) as Array<[string, number | null]>
  const facts: IndexFacts = {
    tableRows: Number(found?.table_rows ?? 0),
    ann: found?.ann === true,
    namespaceIndexes: new Map(indexes),
    at,
  }
  context.indexFacts.set(table, facts)
  return facts
}
