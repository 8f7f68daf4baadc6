import type { SqlRunner } from '../../sql/SqlRunner.js'
import { accessKeyOf } from '../accessKeyOf.js'
import { accessKeysOf } from '../accessKeysOf.js'

/**
 * Moves the access rows of `ids` into their memories' own columns (the count added, the time
 * replaced) and deletes them, inside the caller's transaction. An import writes a memory's
 * reinforcement verbatim into its row: folded first, the row holds what every reader saw, so an
 * equal record leaves it unchanged, and no access row is left to count twice over the imported
 * values (nor one that outlived its memory to add to a newcomer with its id).
 */
export async function foldAccessRows(sql: SqlRunner, ns: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await sql.query(
    `WITH moved AS (
         DELETE FROM agent_memory_access
          WHERE namespace = $1 AND access_key = ANY(${accessKeysOf('$1', '$2::text[]')})
         RETURNING access_key, last_accessed_at, access_count
       )
       UPDATE memories m SET last_accessed_at = moved.last_accessed_at, access_count = m.access_count + moved.access_count
         FROM moved WHERE m.namespace = $1 AND m.id = ANY($2::text[]) AND ${accessKeyOf('$1', 'm.id')} = moved.access_key`,
    [ns, ids],
  )
}
