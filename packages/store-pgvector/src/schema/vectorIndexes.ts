import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The per-namespace HNSW indexes the store built (`maintainVectorIndexes`): a partial index
 * `WHERE namespace = …` per namespace large enough to need one, named from a hash of the
 * namespace. A row is written only once its index is built and valid.
 */
export const vectorIndexes = pgTable(
  'agent_memory_vector_indexes',
  {
    tableName: text('table_name').notNull(),
    namespace: text('namespace').notNull(),
    indexName: text('index_name').notNull(),
    /** Rows of the namespace when the index was built. */
    rowsAtBuild: integer('rows_at_build').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The `hnsw.ef_search` its searches use, calibrated on the namespace's own rows (`calibrateEfSearch`); null until then. */
    efSearch: integer('ef_search'),
  },
  (t) => [primaryKey({ name: 'agent_memory_vector_indexes_pkey', columns: [t.tableName, t.namespace] })],
)
