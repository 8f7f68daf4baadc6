import type { SearchItem, SearchOperation } from '@langchain/langgraph-checkpoint'
import { matchesFilter } from '../filter/matchesFilter.js'
import { splitFilter } from '../filter/splitFilter.js'
import { listItems } from './listItems.js'
import { namespacesUnder } from './namespacesUnder.js'
import { recallItems } from './recallItems.js'
import type { StoreContext } from './StoreContext.js'

/**
 * `search`: with a `query`, the hybrid recall of every namespace under the prefix, best score
 * first (each item's `score` is recall's); without one, the items newest-updated first, no score.
 * `filter` narrows either way; `offset` and `limit` page the merged answer.
 */
export async function searchItems(context: StoreContext, operation: SearchOperation): Promise<SearchItem[]> {
  const limit = operation.limit ?? 10
  const offset = operation.offset ?? 0
  if (!Number.isInteger(limit) || limit < 0 || !Number.isInteger(offset) || offset < 0) {
    throw new RangeError(`search: limit and offset must be non-negative integers, got ${limit} and ${offset}`)
  }
  if (limit === 0) return []
  const namespaces = await namespacesUnder(context, operation.namespacePrefix)
  const filter = splitFilter(operation.filter)
  const wanted = offset + limit
  const query = operation.query?.trim()
  const found =
    query !== undefined && query !== ''
      ? await recallItems(context, namespaces, query, filter, wanted)
      : await listItems(context, namespaces, filter, { limit, offset })
  if (found.paged) return found.hits
  const kept =
    filter.rest === undefined
      ? found.hits
      : found.hits.filter((hit) => matchesFilter(hit.value, filter.rest!))
  return kept.slice(offset, wanted)
}
