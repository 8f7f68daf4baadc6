import type { ScoredMemory } from '@agent-memory/core'
import type { StoreContext } from '../../context/StoreContext.js'
import type { SearchScope } from '../scope/searchScope.js'
import type { VectorSearchPath } from '../scope/VectorSearchPath.js'

/** Recall is measured at this depth (or the search's limit when smaller). */
const RECALL_AT = 10

/**
 * The recall guard: re-runs an ANN search exactly, off the response path, and adds its recall@k
 * (the share of the exact top k the ANN answer also had in its top k) to the namespace's running
 * figures. It never fails anything: a read-only store, a closing store or an error records nothing.
 * Within `recallSampleBudget` (below 1): nothing is re-run while a re-run is in flight or the guard
 * is idling after one, for (1 / budget − 1) times as long as that one took.
 */
export function sampleRecall(
  context: StoreContext,
  path: VectorSearchPath,
  scope: SearchScope,
  limitParam: string,
  approximate: ScoredMemory[],
): void {
  const { upkeep } = context
  if (context.executor.readOnly || upkeep.closing) return
  const budgeted = context.recallSampleBudget < 1
  if (budgeted && (upkeep.samples.size > 0 || performance.now() < upkeep.samplesIdleUntil)) return
  const started = performance.now()
  const k = Math.min(RECALL_AT, scope.limit)
  const work = context.executor
    .transaction(async (sql) => {
      const exact = await sql.query<Record<string, unknown>>(
        path.statement(scope, limitParam, null),
        scope.params.values,
      )
      const truth = exact.rows.slice(0, k).map((row) => path.toHit(row).memory.id)
      if (truth.length === 0) return
      const found = new Set(approximate.slice(0, k).map((hit) => hit.memory.id))
      const recall = truth.filter((id) => found.has(id)).length / truth.length
      await sql.query(
        `INSERT INTO agent_memory_recall_samples AS s (table_name, namespace, samples, recall_sum, last_recall)
           VALUES ($1, $2, 1, $3, $3)
           ON CONFLICT (table_name, namespace) DO UPDATE SET samples = s.samples + 1,
             recall_sum = s.recall_sum + excluded.recall_sum, last_recall = excluded.last_recall, updated_at = now()`,
        [path.table, scope.ns, recall],
      )
    })
    .catch(() => undefined)
    .finally(() => {
      upkeep.samples.delete(work)
      if (budgeted) {
        const now = performance.now()
        upkeep.samplesIdleUntil = now + (now - started) * (1 / context.recallSampleBudget - 1)
      }
    })
  upkeep.samples.add(work)
}
