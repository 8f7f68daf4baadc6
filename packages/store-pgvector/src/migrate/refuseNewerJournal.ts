import { StoreError } from '@agent-memory/core'
import { newestMigration } from './newestMigration.js'

/**
 * Refuses a store whose migration journal records a migration this code does not ship: it was
 * written by a newer release, and running older code on it (or "migrating" it down) could
 * misread or damage what the newer format added. Checked before any statement of a migration.
 */
export function refuseNewerJournal(lastApplied: number): void {
  if (lastApplied <= newestMigration()) return
  throw new StoreError(
    'configuration',
    'this store was written by a newer version of @agent-memory/store-pgvector (its schema has migrations this version does not know); upgrade the package to open it',
    { detail: `newest applied migration ${lastApplied}, newest known ${newestMigration()}` },
  )
}
