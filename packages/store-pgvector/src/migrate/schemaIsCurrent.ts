import type { SqlRunner } from '../sql/SqlRunner.js'
import { newestMigration } from './newestMigration.js'
import { refuseNewerJournal } from './refuseNewerJournal.js'

/**
 * Whether `migrate` would change nothing: every committed migration applied, the vector columns
 * `dimensions` wide, the HNSW indexes present exactly when `indexes` asks for them and, when
 * `partitions` is given, `memories` split into that many hash partitions. Two reads,
 * so every open of an up-to-date store (each CLI command) skips the dozen statements of a
 * migration pass and the hashing of every migration file. `citus`: whether the database has the
 * Citus extension (read in the same statement, so a database without it pays nothing to say so).
 */
export async function schemaIsCurrent(
  sql: SqlRunner,
  dimensions: number,
  indexes: boolean,
  partitions?: number,
): Promise<{ current: boolean; citus: boolean }> {
  const state = await sql.query<{
    journal: boolean
    typmod: number | null
    hnsw: number
    partitions: number
    citus: boolean
  }>(
    `SELECT to_regclass('agent_memory_migrations') IS NOT NULL AS journal,
       (SELECT atttypmod FROM pg_attribute
         WHERE attrelid = to_regclass('memories') AND attname = 'embedding') AS typmod,
       (to_regclass('memories_embedding_hnsw') IS NOT NULL)::int
         + (to_regclass('memory_chunks_embedding_hnsw') IS NOT NULL)::int AS hnsw,
       (SELECT count(*)::int FROM pg_inherits WHERE inhparent = to_regclass('memories')) AS partitions,
       to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL AS citus`,
  )
  const found = state.rows[0]
  const citus = found?.citus === true
  if (found?.journal !== true || Number(found.typmod) !== dimensions) return { current: false, citus }
  if (Number(found.hnsw) !== (indexes ? 2 : 0)) return { current: false, citus }
  if (partitions !== undefined && Number(found.partitions) !== partitions) return { current: false, citus }
  const applied = await sql.query<{ last: string | null }>(
    'SELECT max(created_at)::text AS last FROM agent_memory_migrations',
  )
  const last = Number(applied.rows[0]?.last ?? -1)
  refuseNewerJournal(last)
  return { current: last >= newestMigration(), citus }
}
