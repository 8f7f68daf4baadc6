import type { SearchItem } from '@langchain/langgraph-checkpoint'

/** Items a search gathered, best first: already the requested page (`paged`), or still to be filtered and paged. */
export interface FoundItems {
  hits: SearchItem[]
  paged: boolean
}
