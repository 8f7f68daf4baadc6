import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import type { StoreContext } from '../../context/StoreContext.js'
import { searchKeywordIndexed } from '../../keyword/searchKeywordIndexed.js'
import { searchKeyword } from './searchKeyword.js'

/**
 * `Store.searchText`: the embedded store's in-process BM25 index when this process owns one
 * (same ranking, no corpus statistics to query), otherwise BM25 in SQL (`searchKeyword`).
 */
export function searchKeywordLeg(
  context: StoreContext,
  namespace: string,
  query: string,
  options: SearchOptions,
): Promise<ScoredMemory[]> {
  const index = context.keywordIndex
  if (index !== undefined) return searchKeywordIndexed(context, index, namespace, query, options)
  return searchKeyword(context, namespace, query, options)
}
