import { InvalidArgumentError, isNamespaceDataStore } from '@agent-memory/core'
import { toMemoryNamespace } from '../namespace/toMemoryNamespace.js'
import type { StoreContext } from './StoreContext.js'

/**
 * The agent-memory namespaces a LangGraph prefix covers: the prefix's own and every one below it,
 * read from the store's namespace list. On a store that cannot list its namespaces, only the
 * prefix's own namespace (an empty prefix is then refused).
 */
export async function namespacesUnder(context: StoreContext, prefix: readonly string[]): Promise<string[]> {
  const { store } = context.memory
  const own = prefix.length === 0 ? undefined : toMemoryNamespace(prefix)
  if (!isNamespaceDataStore(store)) {
    if (own === undefined) {
      throw new InvalidArgumentError(
        'namespacePrefix',
        'this store cannot list its namespaces: search one namespace',
      )
    }
    return [own]
  }
  const all = await store.namespaces()
  return own === undefined
    ? all
    : all.filter((namespace) => namespace === own || namespace.startsWith(`${own}/`))
}
