import type { MemoryWrite, Store } from '@agent-memory/core'
import type { RawRow } from '../pg/copyRowsBinary.js'

/** Upserts rows grouped by namespace in batches of `batch` (the store's bulk path takes ≥ 500). */
export async function upsertGrouped(
  store: Store,
  rows: readonly RawRow[],
  writes: readonly MemoryWrite[],
  batch: number,
): Promise<void> {
  const byNamespace = new Map<string, MemoryWrite[]>()
  rows.forEach((row, i) => {
    const list = byNamespace.get(row.namespace) ?? []
    list.push(writes[i]!)
    byNamespace.set(row.namespace, list)
  })
  for (const [namespace, list] of byNamespace) {
    for (let start = 0; start < list.length; start += batch)
      await store.upsert(namespace, list.slice(start, start + batch))
  }
}
