import { type ExpirySweepCounts, InvalidArgumentError, StoreError } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { forgetNamespaceSize } from '../context/forgetNamespaceSize.js'
import { optionalDate } from '../context/optionalDate.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { foldKeywordStatistics } from '../search/keyword-statistics/foldKeywordStatistics.js'
import { sweepNamespace } from './sweepNamespace.js'

/** Attempts per namespace when a concurrent writer's locks make the database abort the sweep. */
const ATTEMPTS = 3

/**
 * `Store.sweepExpired`: one transaction per namespace (`sweepNamespace`). Then the namespace's
 * keyword statistics are folded, so the delta rows the delete appended cancel the removed
 * memories' rows out of the table, and the embedded store's in-process indexes apply the row
 * change log at once, which trims the entries of the removed rows.
 */
export async function sweepExpired(
  context: StoreContext,
  namespace: string | undefined,
  now: Date,
): Promise<ExpirySweepCounts> {
  const ns = namespace === undefined ? undefined : checkNamespace(namespace)
  const at = optionalDate(now, 'now')
  if (at === undefined) throw new InvalidArgumentError('now', 'now must be a valid Date')
  const namespaces =
    ns !== undefined
      ? [ns]
      : (
          await routed(context, 'write', undefined).transaction((sql) =>
            sql.query<{ namespace: string }>(
              'SELECT DISTINCT namespace FROM memories WHERE expires_at <= $1 AND superseded_by IS NULL',
              [at],
            ),
          )
        ).rows.map((row) => row.namespace)
  const counts: ExpirySweepCounts = { expired: 0, history: 0, chunks: 0, namespaces: [] }
  for (const name of namespaces.sort()) {
    const swept = await sweepWithRetry(context, name, at)
    if (swept.expired === 0) continue
    counts.expired += swept.expired
    counts.history += swept.history
    counts.chunks += swept.chunks
    counts.namespaces.push(name)
    forgetNamespaceSize(context, 'memories', name)
    forgetNamespaceSize(context, 'memory_chunks', name)
    await context.upkeep.folds.get(name)
    // A fold that fails (a database without the statistics tables) leaves the delta rows, whose
    // sums are already right: the memories are gone either way.
    await foldKeywordStatistics(context, name).catch(() => false)
  }
  const changes = context.vectorIndex
  if (counts.expired > 0 && changes !== undefined) {
    await routed(context, 'write', undefined).transaction((sql) => changes.catchUp(sql))
  }
  return counts
}

async function sweepWithRetry(
  context: StoreContext,
  ns: string,
  at: Date,
): Promise<{ expired: number; history: number; chunks: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await routed(context, 'write', ns).transaction((sql) => sweepNamespace(sql, ns, at))
    } catch (error) {
      // A deadlock or serialization failure rolled the whole namespace back: nothing half-done.
      const retry = StoreError.isInstance(error) && error.kind === 'serialization' && attempt < ATTEMPTS
      if (!retry) throw error
    }
  }
}
