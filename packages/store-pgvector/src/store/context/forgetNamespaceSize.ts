import type { StoreContext } from './StoreContext.js'

/** Drops a namespace's counted size after a write changed it (the table's index facts stay). */
export function forgetNamespaceSize(
  context: StoreContext,
  table: 'memories' | 'memory_chunks',
  namespace: string,
): void {
  context.namespaceSizes.delete(`${table}:${namespace}`)
}
