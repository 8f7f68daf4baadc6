/** `2026-03-01T10:00:00Z`: UTC, second precision, the same shape the memory_search tool prints. */
export function formatTimestamp(date: Date | null | undefined): string {
  if (date === null || date === undefined) return '-'
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}
