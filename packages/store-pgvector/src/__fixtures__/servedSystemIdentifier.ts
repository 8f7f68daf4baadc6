import { dirname } from 'node:path'
import pg from 'pg'
import { storeSocketPath } from '../index.js'

/**
 * pg_control's system identifier of the store served from `dataDir`, read over its socket: initdb
 * draws a new one, and a copy of a cluster keeps its source's.
 */
export async function servedSystemIdentifier(dataDir: string): Promise<string> {
  const raw = new pg.Client({ host: dirname(storeSocketPath(dataDir)), port: 5432, user: 'postgres' })
  raw.on('error', () => undefined)
  await raw.connect()
  try {
    const { rows } = await raw.query<{ id: string }>(
      'SELECT system_identifier::text AS id FROM pg_control_system()',
    )
    return rows[0]!.id
  } finally {
    await raw.end()
  }
}
