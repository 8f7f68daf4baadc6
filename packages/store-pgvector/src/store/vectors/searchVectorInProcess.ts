import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import type { StoreContext } from '../context/StoreContext.js'
import { fetchRanked } from '../keyword/fetchRanked.js'
import { firstReadDepth } from '../keyword/firstReadDepth.js'
import { firstReadCount } from '../search/legs/firstReadCount.js'
import { rememberHeadsThinned } from '../search/legs/rememberHeadsThinned.js'
import { searchScope } from '../search/scope/searchScope.js'
import { checkVector } from '../validateWrites.js'
import type { VectorIndex } from './VectorIndex.js'

/**
 * `Store.searchVector` through the embedded store's in-process index: every held vector scored
 * exactly in memory, then only the best rows read, through the same filter SQL as the SQL path.
 * `undefined` when the namespace is too large to hold: the caller searches in SQL.
 */
export async function searchVectorInProcess(
  context: StoreContext,
  vectorIndex: VectorIndex,
  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
): Promise<ScoredMemory[] | undefined> {
  checkVector(vector, context.dimensions, 'vector')
  const scope = searchScope(context, namespace, options)
  // A session, not a transaction: on PGlite it has the database to itself just the same.
  return context.executor.session(async (sql) => {
    const index = await vectorIndex.prepare(sql, scope.ns)
    if (index === undefined) return undefined
    const ranked = index.rank(vector, firstReadDepth(scope.limit))
    const filtered = options.filter !== undefined
    const hits = await fetchRanked(
      sql,
      { ...scope, conditions: [...scope.conditions, 'm.embedding IS NOT NULL'] },
      ranked,
      { read: firstReadCount(context, scope.ns, filtered, scope.limit, ranked) },
    )
    if (!filtered) rememberHeadsThinned(context, scope.ns, [{ ranked, hits, limit: scope.limit }])
    return hits
  })
}
