import type { StoreContext } from '../context/StoreContext.js'
import { namespaceIndexPattern } from './namespaceIndexPattern.js'
import type { VectorTable } from './VectorTable.js'

/**
 * Unregisters and drops a namespace's partial HNSW index (`CONCURRENTLY` on PostgreSQL, so
 * writes go on). Unregistered first: from then on searches of the namespace scan exactly.
 * `namespace` undefined: an orphan nobody registered (left by an interrupted build).
 */
export async function dropNamespaceIndex(
  context: StoreContext,
  table: VectorTable,
  namespace: string | undefined,
  index: string,
): Promise<void> {
  const concurrently = context.executor.kind === 'postgres' ? 'CONCURRENTLY ' : ''
  await context.executor.session(async (sql) => {
    if (namespace !== undefined) {
      await sql.query('DELETE FROM agent_memory_vector_indexes WHERE table_name = $1 AND namespace = $2', [
        table,
        namespace,
      ])
    }
    if (new RegExp(namespaceIndexPattern()).test(index)) {
      await sql.query(`DROP INDEX ${concurrently}IF EXISTS ${index}`)
    }
  })
}
