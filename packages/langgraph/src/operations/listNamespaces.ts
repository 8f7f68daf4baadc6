import { InvalidArgumentError, isNamespaceDataStore } from '@agent-memory/core'
import type { ListNamespacesOperation } from '@langchain/langgraph-checkpoint'
import { fromMemoryNamespace } from '../namespace/fromMemoryNamespace.js'
import { matchesNamespacePath } from '../namespace/matchesNamespacePath.js'
import type { StoreContext } from './StoreContext.js'

/**
 * `listNamespaces`: every namespace holding a memory, as LangGraph tuples, those meeting every
 * prefix/suffix condition, cut to `maxDepth` (repeats removed), sorted, then paged.
 */
export async function listNamespaces(
  context: StoreContext,
  operation: ListNamespacesOperation,
): Promise<string[][]> {
  const { store } = context.memory
  if (!isNamespaceDataStore(store)) {
    throw new InvalidArgumentError('listNamespaces', 'this store cannot list its namespaces')
  }
  const conditions = operation.matchConditions ?? []
  const seen = new Map<string, string[]>()
  for (const namespace of await store.namespaces()) {
    const labels = fromMemoryNamespace(namespace)
    if (!conditions.every((condition) => matchesNamespacePath(labels, condition))) continue
    const cut = operation.maxDepth === undefined ? labels : labels.slice(0, operation.maxDepth)
    seen.set(JSON.stringify(cut), cut)
  }
  const sorted = [...seen.values()].sort(compareLabels)
  const offset = operation.offset ?? 0
  return sorted.slice(offset, offset + (operation.limit ?? sorted.length))
}

function compareLabels(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]! ? -1 : 1
  }
  return a.length - b.length
}
