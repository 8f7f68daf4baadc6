import { checkNamespace } from '../context/checkNamespace.js'
import { forgetIndexFacts } from '../context/forgetIndexFacts.js'
import { forgetNamespaceSize } from '../context/forgetNamespaceSize.js'
import type { StoreContext } from '../context/StoreContext.js'
import { foldKeywordStatistics } from '../search/keyword-statistics/foldKeywordStatistics.js'

/**
 * `Store.afterBulkLoad`: fresh planner statistics for both tables right after the load (neither
 * autovacuum on Postgres nor the PGlite executor's thresholds would run them before the next
 * search), and the namespace's cached size and the tables' index facts (their planner size)
 * dropped so the next search decides ANN or exact on the new sizes. Deferred index builds belong
 * here too, and so does folding the namespace's keyword statistics: the load appended a delta row
 * per lexeme and statement.
 */
export async function afterBulkLoad(context: StoreContext, namespace: string): Promise<void> {
  const ns = checkNamespace(namespace)
  if (context.executor.readOnly) return
  await context.executor.session(async (sql) => {
    await sql.query('ANALYZE memories')
    await sql.query('ANALYZE memory_chunks')
  })
  if (context.keywordIndex === undefined) await foldKeywordStatistics(context, ns)
  forgetNamespaceSize(context, 'memories', ns)
  forgetNamespaceSize(context, 'memory_chunks', ns)
  forgetIndexFacts(context, 'memories')
  forgetIndexFacts(context, 'memory_chunks')
}
