import type { StoreContext } from '../context/StoreContext.js'

/** The recorded embedder identity (`null` before the first open). */
export async function recordedEmbedder(
  context: StoreContext,
): Promise<{ model: string | null; dimensions: number } | null> {
  return context.executor.transaction(async (sql) => {
    const meta = await sql.query<{ model: string | null; dimensions: number }>(
      'SELECT model, dimensions FROM agent_memory_meta WHERE id = 1',
    )
    const row = meta.rows[0]
    return row === undefined ? null : { model: row.model, dimensions: Number(row.dimensions) }
  })
}
