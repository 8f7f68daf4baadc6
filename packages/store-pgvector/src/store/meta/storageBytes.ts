import type { StoreContext } from '../context/StoreContext.js'
import { relationsOf } from '../indexes/relationsOf.js'

/** Bytes on disk of the store's tables and their indexes (for `agent-memory stats`). */
export async function storageBytes(context: StoreContext): Promise<number> {
  return context.executor.transaction(async (sql) => {
    const result = await sql.query<{ bytes: string | number }>(
      // A table split by namespace (`migrate({ partitions })`) keeps its rows in its partitions.
      `SELECT ((SELECT sum(pg_total_relation_size(relid)) FROM ${relationsOf("'memories'")} r)
          + (SELECT sum(pg_total_relation_size(relid)) FROM ${relationsOf("'memory_chunks'")} r)
          + pg_total_relation_size('agent_memory_meta'))::bigint AS bytes`,
    )
    return Number(result.rows[0]?.bytes ?? 0)
  })
}
