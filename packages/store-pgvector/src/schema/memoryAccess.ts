import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Recall's reinforcement of a memory, beside its row rather than in it: the accesses counted
 * since the memory's own `access_count` (added to it) and the last access (it replaces the row's
 * `last_accessed_at`). A recall writes here, a narrow row updated in place (heap-only: no index
 * holds a column it changes, and the table keeps room on each page for the new version), so a
 * search rewrites no `memories` row, its vector or any of its index entries. Only memories
 * accessed since their write have a row. No foreign key: its check would lock the memory's row.
 * Keyed by `access_key`, 16 bytes of a hash of the namespace and the memory's id (`accessKeyOf`,
 * migration 0013): a first access inserts a small index entry. On Citus the key also holds
 * `namespace`, the distribution column (`distributeOnCitus`).
 */
export const memoryAccess = pgTable(
  'agent_memory_access',
  {
    namespace: text('namespace').notNull(),
    accessKey: uuid('access_key').notNull(),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true, mode: 'date' }).notNull(),
    accessCount: integer('access_count').notNull(),
  },
  (t) => [primaryKey({ name: 'agent_memory_access_pkey', columns: [t.accessKey] })],
)
