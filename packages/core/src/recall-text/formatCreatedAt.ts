/** ISO 8601 in UTC without milliseconds, as the spec's example shows: `2026-03-01T10:00:00Z`. */
export function formatCreatedAt(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/u, 'Z')
}
