import type { StoreContext } from './StoreContext.js'

/** Drops a namespace's cached search-path facts after a write changed its size. */
export function forgetSearchFacts(
  context: StoreContext,
  table: 'memories' | 'memory_chunks',
  namespace: string,
): void {
  context.searchFacts.delete(`${table}:${namespace}`)
}
