import type { Chunk } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import { insertChunks } from './insertChunks.js'

/** Replaces one memory's chunk rows with `chunks` (inside the caller's transaction). */
export async function replaceChunks(
  sql: SqlRunner,
  ns: string,
  memoryId: string,
  chunks: Chunk[],
): Promise<void> {
  await sql.query('DELETE FROM memory_chunks WHERE namespace = $1 AND memory_id = $2', [ns, memoryId])
  await insertChunks(
    sql,
    ns,
    chunks.map((chunk) => ({ id: memoryId, chunk })),
  )
}
