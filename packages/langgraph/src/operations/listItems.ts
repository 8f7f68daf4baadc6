import type { SearchItem } from '@langchain/langgraph-checkpoint'
import type { FilterParts } from '../filter/FilterParts.js'
import { matchesFilter } from '../filter/matchesFilter.js'
import { toItem } from '../items/toItem.js'
import type { FoundItems } from './FoundItems.js'
import type { StoreContext } from './StoreContext.js'

const PAGE = 500

/**
 * A search without a query: live items newest-updated first. One namespace and a filter the store
 * answers whole is one page read in the store; otherwise each namespace is read a page at a time
 * until it has given `offset + limit` matching items, and the namespaces are merged.
 */
export async function listItems(
  context: StoreContext,
  namespaces: readonly string[],
  filter: FilterParts,
  page: { limit: number; offset: number },
): Promise<FoundItems> {
  const storeFilter = filter.metadata === undefined ? {} : { filter: { metadata: filter.metadata } }
  const order = { orderBy: 'updatedAt', direction: 'desc' } as const
  const [only] = namespaces
  if (namespaces.length === 1 && only !== undefined && filter.rest === undefined) {
    const memories = await context.memory.list(only, { ...storeFilter, ...order, ...page })
    return { hits: memories.map((memory) => ({ ...toItem(memory), score: undefined })), paged: true }
  }
  const wanted = page.offset + page.limit
  const hits: SearchItem[] = []
  for (const namespace of namespaces) {
    let kept = 0
    for (let offset = 0; kept < wanted; offset += PAGE) {
      const memories = await context.memory.list(namespace, { ...storeFilter, ...order, limit: PAGE, offset })
      for (const memory of memories) {
        const item = toItem(memory)
        if (filter.rest !== undefined && !matchesFilter(item.value, filter.rest)) continue
        hits.push({ ...item, score: undefined })
        kept += 1
      }
      if (memories.length < PAGE) break
    }
  }
  hits.sort(
    (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  )
  return { hits, paged: false }
}
