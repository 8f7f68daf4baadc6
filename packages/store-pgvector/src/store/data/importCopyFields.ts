import type { StoredMemoryRow } from '@agent-memory/core'
import type { CopyValue } from '../BinaryCopyWriter.js'
import { importedEmbedState } from './importedEmbedState.js'

/** A row's binary COPY fields from `id` to `embedding`, in `IMPORT_SQL.columns` order. */
export function importCopyFields(row: StoredMemoryRow): CopyValue[] {
  const { memory } = row
  return [
    { type: 'text', value: memory.id },
    { type: 'text', value: memory.tier },
    { type: 'text', value: memory.level },
    { type: 'text', value: memory.content },
    { type: 'text', value: memory.summary },
    { type: 'jsonb', value: JSON.stringify(memory.metadata) },
    { type: 'textArray', value: memory.tags },
    { type: 'float8', value: memory.importance },
    { type: 'timestamptz', value: memory.createdAt },
    { type: 'timestamptz', value: memory.updatedAt },
    { type: 'timestamptz', value: memory.lastAccessedAt },
    { type: 'int4', value: memory.accessCount },
    { type: 'timestamptz', value: memory.expiresAt },
    { type: 'text', value: memory.supersededBy },
    { type: 'timestamptz', value: memory.validFrom },
    { type: 'timestamptz', value: memory.validTo },
    { type: 'bool', value: row.validToStamped },
    { type: 'float8', value: memory.confidence },
    { type: 'float8', value: memory.assessedImportance },
    { type: 'textArray', value: memory.linkedMemoryIds },
    { type: 'text', value: importedEmbedState(row) },
    { type: 'text', value: memory.fingerprint },
    { type: 'timestamptz', value: memory.observedAt ?? null },
    { type: 'vector', value: row.embedding },
  ]
}
