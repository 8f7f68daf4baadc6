import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import { checkIdfExponent } from '../context/checkIdfExponent.js'
import type { StoreContext } from '../context/StoreContext.js'
import { firstReadCount } from '../search/legs/firstReadCount.js'
import { rememberHeadsThinned } from '../search/legs/rememberHeadsThinned.js'
import { searchScope } from '../search/scope/searchScope.js'
import { queryText } from '../searchText.js'
import { fetchRanked } from './fetchRanked.js'
import { firstReadDepth } from './firstReadDepth.js'
import type { KeywordIndex } from './KeywordIndex.js'

/**
 * `Store.searchText` through the embedded store's in-process index: the same BM25 as the SQL leg
 * (`searchKeyword`), ranked in memory, then only the best rows read — through the same filter SQL.
 */
export async function searchKeywordIndexed(
  context: StoreContext,
  keywordIndex: KeywordIndex,
  namespace: string,
  query: string,
  options: SearchOptions,
): Promise<ScoredMemory[]> {
  const scope = searchScope(context, namespace, options)
  const idfExponent = checkIdfExponent(options.idfExponent)
  const analysis = queryText(query)
  if (analysis === null) return []
  // A session, not a transaction: on PGlite it has the database to itself just the same (the
  // store socket's clients wait their turn), without the BEGIN and COMMIT round trips.
  return context.executor.session(async (sql) => {
    const { terms, index } = await keywordIndex.prepare(sql, scope.ns, analysis)
    if (terms.length === 0) return []
    const ranked = index.rank(terms, firstReadDepth(scope.limit), idfExponent)
    const filtered = options.filter !== undefined
    const hits = await fetchRanked(sql, scope, ranked, {
      read: firstReadCount(context, scope.ns, filtered, scope.limit, ranked),
    })
    if (!filtered) rememberHeadsThinned(context, scope.ns, [{ ranked, hits, limit: scope.limit }])
    return hits
  })
}
