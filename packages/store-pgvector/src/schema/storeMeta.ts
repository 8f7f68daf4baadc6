import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** A single row recording which embedder the stored vectors came from. */
export const storeMeta = pgTable(
  'agent_memory_meta',
  {
    id: integer('id').primaryKey().default(1),
    model: text('model'),
    dimensions: integer('dimensions').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('agent_memory_meta_singleton', sql`${t.id} = 1`)],
)
