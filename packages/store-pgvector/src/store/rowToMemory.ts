import type { EmbedState, Level, Memory, Metadata, Tier } from '@agent-memory/core'

const EPOCH_MILLISECONDS = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i

/**
 * A timestamp column as a `Date`: milliseconds since the epoch (`memoryColumnsOf`, a number, or its
 * text where a client's float parser was replaced), whole milliseconds as PostgreSQL's date parser
 * makes them, or a timestamp's text (rows read raw, as JSON).
 */
const toDate = (value: unknown): Date => {
  if (value instanceof Date) return value
  if (typeof value === 'number') return new Date(Math.floor(value))
  const text = String(value)
  return EPOCH_MILLISECONDS.test(text) ? new Date(Math.floor(Number(text))) : new Date(text)
}
const toDateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : toDate(value)
const toNumberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value)

/** Maps a row selected with `memoryColumnsSelect` to the core model. */
export function rowToMemory(row: Record<string, unknown>): Memory {
  return {
    id: String(row.id),
    namespace: String(row.namespace),
    tier: row.tier as Tier,
    level: (row.level ?? null) as Level | null,
    content: String(row.content),
    summary: (row.summary ?? null) as string | null,
    metadata: (typeof row.metadata === 'string'
      ? JSON.parse(row.metadata)
      : (row.metadata ?? {})) as Metadata,
    tags: (row.tags ?? []) as string[],
    importance: Number(row.importance),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    lastAccessedAt: toDate(row.last_accessed_at),
    accessCount: Number(row.access_count),
    expiresAt: toDateOrNull(row.expires_at),
    supersededBy: (row.superseded_by ?? null) as string | null,
    validFrom: toDateOrNull(row.valid_from),
    validTo: toDateOrNull(row.valid_to),
    confidence: toNumberOrNull(row.confidence),
    observedAt: toDateOrNull(row.observed_at),
    assessedImportance: toNumberOrNull(row.assessed_importance),
    linkedMemoryIds: (row.linked_memory_ids ?? []) as string[],
    embedState: row.embed_state as EmbedState,
    fingerprint: String(row.fingerprint),
  }
}
