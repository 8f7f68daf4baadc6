import type { ScoredMemory } from '@agent-memory/core'
import type { TransactionSettings } from '../../../sql/TransactionScope.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { annOrder } from '../ann-planning/annOrder.js'
import { sampleRecall } from '../ann-planning/sampleRecall.js'
import type { PlannedVectorSearch } from './planVectorSearch.js'

/** Runs one statement with the HNSW knobs (`settings`) set for it, and answers its rows. */
export type VectorSearchReads = (
  text: string,
  params: unknown[],
  settings?: TransactionSettings,
) => Promise<Record<string, unknown>[]>

/**
 * Runs a planned vector search (`planVectorSearch`) through `reads` and maps its rows.
 *
 * Completeness is a guarantee, not a hope: an ANN answer shorter than the limit (a filter
 * rejected what the graph walk found, or the walk gave up) is answered again exactly. A sampled
 * share of full ANN answers is re-run exactly in the background (`sampleRecall`) to measure their
 * recall on this store's own data.
 */
export async function runPlannedVectorSearch(
  context: StoreContext,
  { path, scope, limitParam, plan }: PlannedVectorSearch,
  reads: VectorSearchReads,
): Promise<ScoredMemory[]> {
  const run = (orderBy: string | null, settings?: TransactionSettings) =>
    reads(path.statement(scope, limitParam, orderBy), scope.params.values, settings)
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
