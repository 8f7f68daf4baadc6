import { forgetIndexFacts } from '../context/forgetIndexFacts.js'
import type { StoreContext } from '../context/StoreContext.js'
import { calibrateEfSearch, type EfCalibration } from './calibrateEfSearch.js'
import { HNSW_BUILD } from './HNSW_BUILD.js'
import type { VectorTable } from './VectorTable.js'

/**
 * Calibrates `namespace`'s registered HNSW index (`calibrateEfSearch`, from the narrowest walk its
 * graph allows: `HNSW_BUILD`, told by the index's own `m`) and records the result in its
 * registration, where every later search reads it (`indexFacts`, dropped from the cache here).
 * `truths` of an earlier calibration of the same rows are measured again. A database not yet
 * migrated to 0004 has nowhere to keep it: nothing is measured and searches keep `ANN_EF_SEARCH`.
 */
export async function calibrateNamespaceIndex(
  context: StoreContext,
  table: VectorTable,
  namespace: string,
  truths?: EfCalibration['truths'],
): Promise<EfCalibration | null> {
  const found = await context.executor.transaction((sql) =>
    sql.query<{ present: boolean; options: string[] | null }>(
      `SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('agent_memory_vector_indexes')
           AND attname = 'ef_search' AND NOT attisdropped) AS present,
         (SELECT c.reloptions FROM agent_memory_vector_indexes r JOIN pg_class c ON c.oid = to_regclass(r.index_name)
           WHERE r.table_name = $1 AND r.namespace = $2) AS options`,
      [table, namespace],
    ),
  )
  if (found.rows[0]?.present !== true) return null
  // An index built without the option has pgvector's default m, the sparse graph's.
  const m = Number(
    /^m=(\d+)$/.exec((found.rows[0].options ?? []).find((o) => o.startsWith('m=')) ?? '')?.[1] ?? 16,
  )
  const graph = m > HNSW_BUILD.graphs.sparse.m ? HNSW_BUILD.graphs.dense : HNSW_BUILD.graphs.sparse
  const calibration = await calibrateEfSearch(context, table, namespace, undefined, {
    ...(truths === undefined ? {} : { truths }),
    minEfSearch: graph.minEfSearch,
  })
  if (calibration === null) return null
  await context.executor.transaction((sql) =>
    sql.query(
      'UPDATE agent_memory_vector_indexes SET ef_search = $3 WHERE table_name = $1 AND namespace = $2',
      [table, namespace, calibration.efSearch],
    ),
  )
  forgetIndexFacts(context, table)
  return calibration
}
