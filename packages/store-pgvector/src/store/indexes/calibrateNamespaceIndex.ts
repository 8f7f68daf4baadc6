import { forgetIndexFacts } from '../context/forgetIndexFacts.js'
import type { StoreContext } from '../context/StoreContext.js'
import { calibrateEfSearch, type EfCalibration } from './calibrateEfSearch.js'
import type { VectorTable } from './VectorTable.js'

/**
 * Calibrates `namespace`'s registered HNSW index (`calibrateEfSearch`) and records the result in
 * its registration, where every later search reads it (`indexFacts`, dropped from the cache here). A database not yet
 * migrated to 0004 has nowhere to keep it: nothing is measured and searches keep `ANN_EF_SEARCH`.
 */
export async function calibrateNamespaceIndex(
  context: StoreContext,
  table: VectorTable,
  namespace: string,
): Promise<EfCalibration | null> {
  const column = await context.executor.transaction((sql) =>
    sql.query<{ present: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('agent_memory_vector_indexes')
         AND attname = 'ef_search' AND NOT attisdropped) AS present`,
    ),
  )
  if (column.rows[0]?.present !== true) return null
  const calibration = await calibrateEfSearch(context, table, namespace)
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
