import { DimensionMismatchError } from '@agent-memory/core'
import type { StoreTarget } from '../config/CliConfig.js'
import { openStore } from '../open/openStore.js'
import type { EmbedderIdentity } from './judgeRecordedEmbedder.js'

async function fromPostgres(url: string, schema: string | undefined): Promise<EmbedderIdentity | null> {
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  client.on('error', () => undefined)
  await client.connect()
  try {
    if (schema !== undefined) await client.query(`SET search_path TO "${schema}", public`)
    const { rows } = await client.query<{ model: string | null; dimensions: number }>(
      'SELECT model, dimensions FROM agent_memory_meta WHERE id = 1',
    )
    const row = rows[0]
    return row === undefined ? null : { model: row.model, dimensions: Number(row.dimensions) }
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * The embedder the store records. PostgreSQL is read with one statement (nothing is written); the
 * embedded store is opened as a brief read-only command would open it (through its holder when one
 * serves it), checked against `dimensions` only, so a store of another width reports what it holds.
 */
export async function readRecordedEmbedder(
  target: StoreTarget,
  dimensions: number,
): Promise<EmbedderIdentity | null> {
  if (target.kind === 'postgres') return await fromPostgres(target.url, target.schema)
  try {
    const opened = await openStore(target, { dimensions, readsOnly: true, brief: true })
    try {
      const recorded = await opened.store.recordedEmbedder()
      return recorded === null ? null : { model: recorded.model ?? null, dimensions: recorded.dimensions }
    } finally {
      await opened.close()
    }
  } catch (error) {
    if (!DimensionMismatchError.isInstance(error)) throw error
    return { model: error.recorded.model ?? null, dimensions: error.recorded.dimensions }
  }
}
