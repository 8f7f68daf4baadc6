import type { NamespaceDataStore, StoredMemoryRow } from '@agent-memory/core'

/** Every row of a namespace through `exportRows`, `pageSize` at a time. */
export async function exportAll(
  store: NamespaceDataStore,
  namespace: string,
  options: { vectors?: boolean; pageSize?: number } = {},
): Promise<StoredMemoryRow[]> {
  const rows: StoredMemoryRow[] = []
  const limit = options.pageSize ?? 1000
  for (;;) {
    const after = rows.at(-1)?.memory.id
    const page = await store.exportRows(namespace, {
      limit,
      ...(options.vectors === undefined ? {} : { vectors: options.vectors }),
      ...(after === undefined ? {} : { after }),
    })
    rows.push(...page)
    if (page.length < limit) return rows
  }
}
