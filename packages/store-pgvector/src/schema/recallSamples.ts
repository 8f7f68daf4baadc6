import { doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The recall guard's running figures per namespace and table: sampled ANN searches re-run
 * exactly in the background, and their mean recall@k against the exact answer.
 */
export const recallSamples = pgTable(
  'agent_memory_recall_samples',
  {
    tableName: text('table_name').notNull(),
    namespace: text('namespace').notNull(),
    samples: integer('samples').notNull().default(0),
    recallSum: doublePrecision('recall_sum').notNull().default(0),
    lastRecall: doublePrecision('last_recall'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'agent_memory_recall_samples_pkey', columns: [t.tableName, t.namespace] })],
)
