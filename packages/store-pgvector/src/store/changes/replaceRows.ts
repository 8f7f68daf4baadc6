/**
 * Brings an in-process index's copy of some rows in line with what was read back for them: rows
 * read are put (added or replaced), ids asked for but not read (deleted, moved, or no longer
 * indexable) are removed.
 */
export function replaceRows<Row extends { id: string }, Value>(
  index: { put(id: string, value: Value): void; remove(id: string): void },
  rows: readonly Row[],
  ids: readonly string[],
  indexed: (row: Row) => Value,
): void {
  const present = new Set<string>()
  for (const row of rows) {
    index.put(row.id, indexed(row))
    present.add(row.id)
  }
  for (const id of ids) if (!present.has(id)) index.remove(id)
}
