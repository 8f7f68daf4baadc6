import type { SearchPathFacts } from '../context/SearchPathFacts.js'
import type { StoreContext } from '../context/StoreContext.js'

/** The namespace's cached search facts while younger than `countTtlMs` (`searchPathFacts`), else undefined. */
export function freshSearchFacts(
  context: StoreContext,
  table: 'memories' | 'memory_chunks',
  ns: string,
): SearchPathFacts | undefined {
  const cached = context.searchFacts.get(`${table}:${ns}`)
  return cached !== undefined && Date.now() - cached.at < context.countTtlMs ? cached : undefined
}
