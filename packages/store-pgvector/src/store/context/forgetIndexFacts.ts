import type { StoreContext } from './StoreContext.js'

/** Drops a table's cached index facts after maintenance created, dropped or calibrated an index. */
export function forgetIndexFacts(context: StoreContext, table: 'memories' | 'memory_chunks'): void {
  context.indexFacts.delete(table)
}
