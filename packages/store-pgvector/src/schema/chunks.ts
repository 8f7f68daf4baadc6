import { foreignKey, integer, pgTable, primaryKey, text, vector } from 'drizzle-orm/pg-core'
import { DEFAULT_DIMENSIONS } from './DEFAULT_DIMENSIONS.js'
import { memories } from './memories.js'

/** Per-segment vectors of long memories; they go with their memory (cascading delete). */
export const chunks = pgTable(
  'memory_chunks',
  {
    namespace: text('namespace').notNull(),
    memoryId: text('memory_id').notNull(),
    idx: integer('idx').notNull(),
    text: text('text').notNull(),
    embedding: vector('embedding', { dimensions: DEFAULT_DIMENSIONS }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'memory_chunks_pkey', columns: [t.namespace, t.memoryId, t.idx] }),
    foreignKey({
      name: 'memory_chunks_memory_fk',
      columns: [t.namespace, t.memoryId],
      foreignColumns: [memories.namespace, memories.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
)
