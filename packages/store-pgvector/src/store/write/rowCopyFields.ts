import type { CopyValue } from '../BinaryCopyWriter.js'
import type { RowValues } from './RowValues.js'

/**
 * A row's binary COPY fields, shared by the direct COPY and the staged upsert: `head` (id …
 * importance) and `tail` (expires_at … embedding). The timestamps between them and the
 * columns around them differ by path.
 */
export function rowCopyFields(row: RowValues): { head: CopyValue[]; tail: CopyValue[] } {
  return {
    head: [
      { type: 'text', value: row.id },
      { type: 'text', value: row.tier },
      { type: 'text', value: row.level },
      { type: 'text', value: row.content },
      { type: 'text', value: row.summary },
      { type: 'jsonb', value: row.metadata },
      { type: 'textArray', value: row.tags },
      { type: 'float8', value: row.importance },
    ],
    tail: [
      { type: 'timestamptz', value: row.expiresAt },
      { type: 'text', value: row.supersededBy },
      { type: 'timestamptz', value: row.validFrom },
      { type: 'timestamptz', value: row.validTo },
      { type: 'float8', value: row.confidence },
      { type: 'timestamptz', value: row.observedAt },
      { type: 'float8', value: row.assessedImportance },
      { type: 'textArray', value: row.linkedMemoryIds },
      { type: 'text', value: row.embedState },
      { type: 'text', value: row.fingerprint },
      { type: 'vector', value: row.embedding },
    ],
  }
}
