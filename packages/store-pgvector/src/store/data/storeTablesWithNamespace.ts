import type { SqlRunner } from '../../sql/SqlRunner.js'

/**
 * The store's tables with a `namespace` column in its schema, read from the catalog rather than
 * kept by hand, so a table a later migration adds is erased too. Only the store's own names
 * (`memories`, `memory_chunks`, `agent_memory_*`): an application's tables in the same schema are
 * never touched. Partitions are left out: a delete from the parent reaches them.
 */
export async function storeTablesWithNamespace(sql: SqlRunner): Promise<string[]> {
  const result = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'namespace' AND NOT a.attisdropped
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND (c.relname IN ('memories', 'memory_chunks') OR c.relname LIKE 'agent\\_memory\\_%')
      ORDER BY c.relname`,
  )
  return result.rows.map((row) => row.name)
}
