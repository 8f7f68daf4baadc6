import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import { checkIdfExponent } from '../../context/checkIdfExponent.js'
import { checkNamespace } from '../../context/checkNamespace.js'
import { routed } from '../../context/routed.js'
import type { StoreContext } from '../../context/StoreContext.js'
import { searchKeywordIndexed } from '../../keyword/searchKeywordIndexed.js'
import { searchKeywordShared } from '../../keyword/searchKeywordShared.js'
import { queryText } from '../../searchText.js'
import { searchScope } from '../scope/searchScope.js'
import { searchKeyword } from './searchKeyword.js'

/**
 * `Store.searchText`: the embedded store's in-process BM25 index when this process owns one
 * (same ranking, no corpus statistics to query); on PostgreSQL this process's shared index when it
 * holds the namespace (`searchKeywordShared`, the same answer in two round trips); otherwise BM25
 * in SQL (`searchKeyword`).
 */
export function searchKeywordLeg(
  context: StoreContext,
  namespace: string,
  query: string,
  options: SearchOptions,
): Promise<ScoredMemory[]> {
  const index = context.keywordIndex
  if (index !== undefined) return searchKeywordIndexed(context, index, namespace, query, options)
  const shared = context.sharedKeywordIndex
  const ns = checkNamespace(namespace)
  if (shared === undefined || !shared.held(ns)) return searchKeyword(context, namespace, query, options)
  const scope = searchScope(context, ns, options)
  const idfExponent = checkIdfExponent(options.idfExponent)
  const analysis = queryText(query)
  if (analysis === null) return Promise.resolve([])
  return routed(context, 'read', ns).pipelinedRead(
    async (sql) =>
      (await searchKeywordShared(shared, sql, scope, analysis, idfExponent)) ??
      searchKeyword(context, ns, query, options, {}, { sql }),
  )
}
