import type { SearchItem } from '@langchain/langgraph-checkpoint'
import type { FilterParts } from '../filter/FilterParts.js'
import { toItem } from '../items/toItem.js'
import type { FoundItems } from './FoundItems.js'
import type { StoreContext } from './StoreContext.js'

/** Recall's cap on one answer: a query search sees the best 100 items of each namespace. */
const MAX_RECALL = 100

/**
 * A query over each namespace: agent-memory's hybrid recall (vector, chunk and keyword legs,
 * ranked with importance, recency and decayed confidence), the store-side filter applied in the
 * store. Items of all the namespaces merged by score, ties by namespace and key.
 */
export async function recallItems(
  context: StoreContext,
  namespaces: readonly string[],
  query: string,
  filter: FilterParts,
  wanted: number,
): Promise<FoundItems> {
  // With a filter checked here, ask for the most recall gives, so that filtering leaves enough.
  const limit = filter.rest === undefined ? Math.min(MAX_RECALL, wanted) : MAX_RECALL
  const answers = await Promise.all(
    namespaces.map((namespace) =>
      context.memory.recall(namespace, query, {
        limit,
        ...(filter.metadata === undefined ? {} : { filter: { metadata: filter.metadata } }),
      }),
    ),
  )
  const hits: SearchItem[] = answers.flatMap((answer) =>
    answer.hits.map((hit) => ({ ...toItem(hit.memory), score: hit.score })),
  )
  hits.sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || byNamespaceAndKey(a, b))
  return { hits, paged: false }
}

function byNamespaceAndKey(a: SearchItem, b: SearchItem): number {
  const left = JSON.stringify([a.namespace, a.key])
  const right = JSON.stringify([b.namespace, b.key])
  return left < right ? -1 : left > right ? 1 : 0
}
