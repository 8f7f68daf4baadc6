import type { InMemoryRow } from './InMemoryRow.js'

export function compareRowIds(a: InMemoryRow, b: InMemoryRow): number {
  return a.memory.id < b.memory.id ? -1 : a.memory.id > b.memory.id ? 1 : 0
}
