import type { SqlRunner } from '../../../sql/SqlRunner.js'
import type { SearchPathFacts } from '../../context/SearchPathFacts.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { scheduleIndexUpkeep } from '../../indexes/scheduleIndexUpkeep.js'
import { countNamespace } from './countNamespace.js'
import { needsIndexUpkeep } from './needsIndexUpkeep.js'

/**
 * Counts a namespace's size off the response path (`autoIndex` only, once at a time per
 * `table:namespace`) and queues its index upkeep when the size calls for it: a namespace that
 * outgrew exact search gets its index, one that shrank loses it. Never fails anything: an error
 * only leaves the size uncounted until the next search.
 */
export function watchNamespaceSize(
  context: StoreContext,
  sql: SqlRunner,
  table: 'memories' | 'memory_chunks',
  ns: string,
  facts: SearchPathFacts,
): void {
  const { upkeep } = context
  const key = `${table}:${ns}`
  if (!context.autoIndex || context.executor.readOnly || upkeep.closing || upkeep.sizing.has(key)) return
  const work = countNamespace(context, sql, table, ns, facts)
    .then((rows) => {
      if (needsIndexUpkeep({ ...facts, rows }, context.exactSearchMaxRows)) scheduleIndexUpkeep(context, ns)
    })
    .catch(() => undefined)
    .finally(() => upkeep.sizing.delete(key))
  upkeep.sizing.set(key, work)
}
