import type { SqlRunner } from '../../../sql/SqlRunner.js'
import { isFresh } from '../../context/isFresh.js'
import type { SearchPathFacts } from '../../context/SearchPathFacts.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { countNamespace } from './countNamespace.js'
import { indexFacts } from './indexFacts.js'
import { watchNamespaceSize } from './watchNamespaceSize.js'

/**
 * The facts `planAnn` decides on: the table's index facts (cached per table, `indexFacts`) and,
 * where the decision depends on it, the namespace's size. Only the global index's share rule
 * does: a namespace with an index of its own walks it (its answer is completed exactly when
 * short), and one without, with no global index either, is scanned exactly whatever its size.
 * There the search does not wait for a count: a cached one is used, else the size is counted for
 * index upkeep (`watchNamespaceSize`) through `sql` too, without waiting for it: on a pipelined
 * transaction (`searchLegsPipelined`) the count rides the search's own round trip instead of
 * costing one of its own beside it.
 */
export async function searchPathFacts(
  context: StoreContext,
  sql: SqlRunner,
  table: 'memories' | 'memory_chunks',
  ns: string,
): Promise<SearchPathFacts> {
  const shared = await indexFacts(context, sql, table)
  const efSearch = shared.namespaceIndexes.get(ns)
  const facts: SearchPathFacts = {
    rows: undefined,
    tableRows: shared.tableRows,
    ann: shared.ann,
    namespaceIndex: efSearch !== undefined,
    efSearch: efSearch ?? null,
  }
  const size = context.namespaceSizes.get(`${table}:${ns}`)
  if (size !== undefined && isFresh(context, size.at)) return { ...facts, rows: size.rows }
  if (facts.ann && !facts.namespaceIndex) {
    return { ...facts, rows: await countNamespace(context, sql, table, ns, facts) }
  }
  watchNamespaceSize(context, sql, table, ns, facts)
  return facts
}
