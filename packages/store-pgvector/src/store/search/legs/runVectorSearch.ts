import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import type { TransactionSettings } from '../../../sql/TransactionScope.js'
import { routed } from '../../context/routed.js'
import type { StoreContext } from '../../context/StoreContext.js'
import type { VectorSearchPath } from '../scope/VectorSearchPath.js'
import { planVectorSearch } from './planVectorSearch.js'
import { runPlannedVectorSearch } from './runPlannedVectorSearch.js'

/**
 * The part the vector search paths share: plan it (`planVectorSearch`), then run the path's
 * statement as a pipelined read (`readStatement`: one round trip) with the HNSW knobs set for its
 * transaction only (`runPlannedVectorSearch`).
 */
export async function runVectorSearch(
  context: StoreContext,
  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
  path: VectorSearchPath,
): Promise<ScoredMemory[]> {
  const planned = await planVectorSearch(context, namespace, vector, options, path)
  return runPlannedVectorSearch(context, planned, (text, params, settings?: TransactionSettings) =>
    routed(context, 'read', planned.scope.ns, settings).readStatement(text, params),
  )
}
