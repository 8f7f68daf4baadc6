import type { StoredMemoryRow } from '@agent-memory/core'

/** A row with a vector is `ok`; one without is `pending` for repair (`failed` stays failed). */
export function importedEmbedState(row: StoredMemoryRow): 'ok' | 'pending' | 'failed' {
  if (row.embedding !== null) return 'ok'
  return row.memory.embedState === 'failed' ? 'failed' : 'pending'
}
