import type { StoreContext } from '../context/StoreContext.js'

/** Bytes on disk of the store's tables and their indexes (for `agent-memory stats`). */
export async function storageBytes(context: StoreContext): Promise<number> {
  return context.executor.transaction(async (sql) => {
    const result = await sql.query<{ bytes: string | number }>(
      `SELECT (pg_total_relation_size('memories') + pg_total_relation_size('memory_chunks')
          + pg_total_relation_size('agent_memory_meta'))::bigint AS bytes`,
    )
    return Number(result.rows[0]?.bytes ?? 0)
  })
}
