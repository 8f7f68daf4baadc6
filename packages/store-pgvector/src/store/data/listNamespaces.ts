import type { StoreContext } from '../context/StoreContext.js'

/** `NamespaceDataStore.namespaces`: every namespace holding a memory, sorted. */
export async function listNamespaces(context: StoreContext): Promise<string[]> {
  const rows = await context.executor.readStatement<{ namespace: string }>(
    'SELECT DISTINCT namespace FROM memories ORDER BY namespace',
    [],
    { access: 'read', namespace: undefined },
  )
  return rows.map((row) => row.namespace)
}
