import type { SearchOptions } from '@agent-memory/core'
import type { SqlRunner } from '../../../sql/SqlRunner.js'
import { readRunner } from '../../context/readRunner.js'
import type { StoreContext } from '../../context/StoreContext.js'
import type { AnnPlan } from '../ann-planning/AnnPlan.js'
import { planAnn } from '../ann-planning/planAnn.js'
import { searchPathFacts } from '../ann-planning/searchPathFacts.js'
import { type SearchScope, searchScope } from '../scope/searchScope.js'
import type { VectorSearchPath } from '../scope/VectorSearchPath.js'

/** A vector search ready to run: its scope, its bound limit and the HNSW plan (null: exact). */
export interface PlannedVectorSearch {
  path: VectorSearchPath
  scope: SearchScope
  limitParam: string
  plan: AnnPlan | null
}

/**
 * A vector search's scope and plan (`planAnn` on the namespace's facts: cached, the common case,
 * or read through `facts`: by default a pipelined read of their own; a caller holding a pipelined
 * transaction passes it, so the read rides that transaction's round trip), before any of its
 * statements is sent.
 */
export async function planVectorSearch(
  context: StoreContext,
  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
  path: VectorSearchPath,
  facts?: SqlRunner,
): Promise<PlannedVectorSearch> {
  const scope = searchScope(context, namespace, options, {
    vector,
    alias: path.alias,
    ...(path.also === undefined ? {} : { also: path.also }),
  })
  const limitParam = scope.params.add(scope.limit, 'int')
  const known = await searchPathFacts(context, facts ?? readRunner(context, scope.ns), path.table, scope.ns)
  return { path, scope, limitParam, plan: planAnn(context, known, scope.ns, path.annLimit(scope.limit)) }
}
