import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import type { TransactionSettings } from '../../../sql/TransactionScope.js'
import { readRunner } from '../../context/readRunner.js'
import { routed } from '../../context/routed.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { annOrder } from '../ann-planning/annOrder.js'
import { planAnn } from '../ann-planning/planAnn.js'
import { sampleRecall } from '../ann-planning/sampleRecall.js'
import { searchPathFacts } from '../ann-planning/searchPathFacts.js'
import { searchScope } from '../scope/searchScope.js'
import type { VectorSearchPath } from '../scope/VectorSearchPath.js'

/**
 * The part the vector search paths share: build the scope, decide ANN or exact (`planAnn` on the
 * namespace's facts), run the path's statement as a pipelined read (`readStatement`: one round
 * trip) with the HNSW knobs set for its transaction only, and map its rows.
 *
 * Completeness is a guarantee, not a hope: an ANN answer shorter than the limit (a filter
 * rejected what the graph walk found, or the walk gave up) is answered again exactly. A sampled
 * share of full ANN answers is re-run exactly in the background (`sampleRecall`) to measure their
 * recall on this store's own data.
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
  // The plan comes first, from the namespace's facts: cached (the common case), or read in a
  // pipelined read of their own. Each statement then runs alone in a read-only transaction that
  // carries its knobs, in one round trip.
  const facts = await searchPathFacts(context, readRunner(context, scope.ns), path.table, scope.ns)
  const plan = planAnn(context, facts, scope.ns, annLimit)
  const run = (orderBy: string | null, settings?: TransactionSettings) =>
    routed(context, 'read', scope.ns, settings).readStatement(
      path.statement(scope, limitParam, orderBy),
      scope.params.values,
    )
  const walked =
    plan === null
      ? null
      : await run(
          annOrder(`${path.alias}.embedding`, scope.vector, plan.index, context.dimensions),
          plan.settings,
        )
  const ann = walked !== null && walked.length >= scope.limit
  const hits = (ann ? walked : await run(null)).map(path.toHit)
  if (ann && context.recallSampleRate > 0 && Math.random() < context.recallSampleRate) {
    sampleRecall(context, path, scope, limitParam, hits)
  }
  return hits
}
