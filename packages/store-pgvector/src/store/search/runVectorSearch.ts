import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { annOrder } from './annOrder.js'
import { freshSearchFacts } from './freshSearchFacts.js'
import { planAnn } from './planAnn.js'
import { sampleRecall } from './sampleRecall.js'
import { type SearchScope, searchScope } from './searchScope.js'
import { useAnn } from './useAnn.js'

/** What distinguishes one vector search path (memory vectors, chunk vectors) from the other. */
export interface VectorSearchPath {
  table: 'memories' | 'memory_chunks'
  /** The searched table's alias in `statement` (the memory row is always `m`). */
  alias: 'm' | 'c'
  /** Conditions beyond namespace and filter. */
  also?: string[]
  /** How many rows HNSW is tuned for (`useAnn`), given the caller's limit. */
  annLimit: (limit: number) => number
  /**
   * The statement, given the scope, the bound limit and, when HNSW serves it, the ORDER BY that
   * walks the index (`annOrder`; null: exact). It may bind more parameters.
   */
  statement: (scope: SearchScope, limitParam: string, annOrderBy: string | null) => string
  toHit: (row: Record<string, unknown>) => ScoredMemory
}

/**
 * The part the vector search paths share: build the scope, decide ANN or exact (`planAnn`: before
 * the transaction on cached facts, inside it otherwise), run the path's statement in the
 * transaction that holds the HNSW knobs, and map its rows.
 *
 * Completeness is a guarantee, not a hope: an ANN answer shorter than the limit (a filter
 * rejected what the graph walk found, or the walk gave up) is answered again exactly in the
 * same transaction. A sampled share of full ANN answers is re-run exactly in the background
 * (`sampleRecall`) to measure their recall on this store's own data.
 */
export async function runVectorSearch(
  context: StoreContext,
  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
  path: VectorSearchPath,
): Promise<ScoredMemory[]> {
  const scope = searchScope(context, namespace, options, {
    vector,
    alias: path.alias,
    ...(path.also === undefined ? {} : { also: path.also }),
  })
  const limitParam = scope.params.add(scope.limit, 'int')
  const annLimit = path.annLimit(scope.limit)
  // With the namespace's facts cached (the common case) the plan is known before the transaction
  // begins, and its knobs ride with BEGIN: one round trip fewer than setting them inside it.
  const known = freshSearchFacts(context, path.table, scope.ns)
  const early = known === undefined ? undefined : planAnn(context, known, scope.ns, annLimit)
  const answer = await routed(context, 'read', scope.ns, early?.settings).transaction(async (sql) => {
    const index =
      early === undefined
        ? await useAnn(context, sql, path.table, scope.ns, annLimit)
        : (early?.index ?? null)
    if (index !== null) {
      const orderBy = annOrder(`${path.alias}.embedding`, scope.vector, index, context.dimensions)
      const approximate = await sql.query<Record<string, unknown>>(
        path.statement(scope, limitParam, orderBy),
        scope.params.values,
      )
      if (approximate.rows.length >= scope.limit) return { rows: approximate.rows, ann: true }
    }
    const exact = await sql.query<Record<string, unknown>>(
      path.statement(scope, limitParam, null),
      scope.params.values,
    )
    return { rows: exact.rows, ann: false }
  })
  const hits = answer.rows.map(path.toHit)
  if (answer.ann && context.recallSampleRate > 0 && Math.random() < context.recallSampleRate) {
    sampleRecall(context, path, scope, limitParam, hits)
  }
  return hits
}
