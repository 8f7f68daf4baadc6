import { DimensionMismatchError, StoreError } from '@agent-memory/core'
import { citusState } from '../../citus/citusState.js'
import { refuseDistributionMismatch } from '../../citus/refuseDistributionMismatch.js'
import type { StoreContext } from '../context/StoreContext.js'

/**
 * The usual open: the tables exist, the columns and the recorded embedder match. Two reads and no
 * transaction (a store-server client pays one round trip each); anything else takes the full path.
 * The first also says whether the keyword-statistics tables are there (`keywordStatistics`), so a
 * fresh store's first keyword search does not spend a round trip of its own asking.
 */
async function alreadyRecorded(context: StoreContext): Promise<boolean> {
  const { dimensions, model } = context
  return context.executor.session(async (sql) => {
    const schema = await sql.query<{
      meta: boolean
      typmod: number | null
      citus: boolean
      keyword_statistics: boolean
    }>(
      `SELECT to_regclass('agent_memory_meta') IS NOT NULL AS meta,
         to_regclass('agent_memory_keyword_corpus') IS NOT NULL AS keyword_statistics,
         (SELECT atttypmod FROM pg_attribute
           WHERE attrelid = to_regclass('memories') AND attname = 'embedding') AS typmod,
         to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL AS citus`,
    )
    // Only a database with Citus installed pays for reading the layout.
    const citus = schema.rows[0]?.citus === true ? await citusState(sql) : undefined
    refuseDistributionMismatch(citus, context.distributed ? 'citus' : undefined, false)
    context.keywordStatisticsTables = schema.rows[0]?.keyword_statistics === true
    if (schema.rows[0]?.meta !== true || Number(schema.rows[0].typmod) !== dimensions) return false
    const meta = await sql.query<{ model: string | null; dimensions: number }>(
      'SELECT model, dimensions FROM agent_memory_meta WHERE id = 1',
    )
    const recorded = meta.rows[0]
    if (recorded === undefined || Number(recorded.dimensions) !== dimensions) return false
    return model === undefined ? true : recorded.model === model
  })
}

/**
 * Checks the schema and the recorded embedder: a different model or dimension is a
 * `DimensionMismatchError` naming both and `agent-memory reembed`. The first open records them.
 */
export async function checkStoreOnOpen(context: StoreContext): Promise<void> {
  const { dimensions, model } = context
  if (await alreadyRecorded(context)) return
  await context.executor.transaction(async (sql) => {
    const schema = await sql.query<{ meta: string | null }>(
      "SELECT to_regclass('agent_memory_meta')::text AS meta",
    )
    if (schema.rows[0]?.meta === null || schema.rows[0]?.meta === undefined) {
      throw new StoreError('unknown', 'the agent-memory tables are missing: run migrate() first')
    }
    const columns = await sql.query<{ typmod: number }>(
      "SELECT atttypmod AS typmod FROM pg_attribute WHERE attrelid = 'memories'::regclass AND attname = 'embedding'",
    )
    const columnDimensions = Number(columns.rows[0]?.typmod ?? -1)
    if (columnDimensions !== dimensions) {
      throw new DimensionMismatchError(
        { dimensions: columnDimensions },
        { dimensions },
        `the database's vector columns hold ${columnDimensions} dimensions but the embedder gives ${dimensions}; ` +
          'run migrate({ dimensions }) on an empty store, or re-embed with `agent-memory reembed`',
      )
    }
    await sql.query(
      'INSERT INTO agent_memory_meta (id, model, dimensions) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING',
      [model ?? null, dimensions],
    )
    const meta = await sql.query<{ model: string | null; dimensions: number }>(
      'SELECT model, dimensions FROM agent_memory_meta WHERE id = 1',
    )
    const recorded = meta.rows[0]!
    const modelDiffers = recorded.model !== null && model !== undefined && recorded.model !== model
    if (modelDiffers || Number(recorded.dimensions) !== dimensions) {
      throw new DimensionMismatchError(
        {
          dimensions: Number(recorded.dimensions),
          ...(recorded.model === null ? {} : { model: recorded.model }),
        },
        { dimensions, ...(model === undefined ? {} : { model }) },
      )
    }
    if (recorded.model === null && model !== undefined) {
      await sql.query('UPDATE agent_memory_meta SET model = $1, recorded_at = now() WHERE id = 1', [model])
    }
  })
}
