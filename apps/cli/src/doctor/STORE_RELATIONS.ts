/** The tables a search reads and every write touches. */
const TABLES = ['memories', 'memory_chunks', 'agent_memory_keyword_lexemes', 'agent_memory_keyword_corpus']

/**
 * A `WITH` clause naming `relations`: agent-memory's tables on the connection's search path that
 * exist, and, for a table split by namespace, its leaf partitions (its parent holds no rows).
 */
export const STORE_RELATIONS = `WITH roots AS (
    SELECT to_regclass(name) AS oid FROM unnest(ARRAY[${TABLES.map((table) => `'${table}'`).join(', ')}]) AS t(name)
  ),
  relations AS (
    SELECT oid FROM roots WHERE oid IS NOT NULL
    UNION
    SELECT tree.relid FROM roots, LATERAL pg_partition_tree(roots.oid) AS tree WHERE tree.isleaf
  )`
