import { DimensionMismatchError } from '@agent-memory/core'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * Records another embedder identity. Without `force` a differing recorded one is a
 * `DimensionMismatchError`; `reembed` passes `force` after `markAllPending` so the repair
 * queue re-embeds every row with the new model.
 */
export async function recordEmbedder(
  context: StoreContext,
  model: string,
  dimensions: number,
  options: { force?: boolean } = {},
): Promise<void> {
  if (dimensions !== context.dimensions) {
    throw new DimensionMismatchError({ dimensions: context.dimensions }, { model, dimensions })
  }
  await context.executor.transaction(async (sql) => {
    const meta = await sql.query<{ model: string | null; dimensions: number }>(
      'SELECT model, dimensions FROM agent_memory_meta WHERE id = 1 FOR UPDATE',
    )
    const row = meta.rows[0]
    if (row !== undefined && options.force !== true && row.model !== null && row.model !== model) {
      throw new DimensionMismatchError(
        { model: row.model, dimensions: Number(row.dimensions) },
        { model, dimensions },
      )
    }
    await sql.query(
      `INSERT INTO agent_memory_meta (id, model, dimensions) VALUES (1, $1, $2)
         ON CONFLICT (id) DO UPDATE SET model = EXCLUDED.model, dimensions = EXCLUDED.dimensions, recorded_at = now()`,
      [model, dimensions],
    )
  })
}
