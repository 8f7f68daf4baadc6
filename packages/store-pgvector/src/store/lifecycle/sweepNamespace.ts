import type { SqlRunner } from '../../sql/SqlRunner.js'
import { accessKeysOf } from '../accessKeysOf.js'
import { forgetKeywordLogEntries } from '../keyword/forgetKeywordLogEntries.js'
import { lockIdBuckets } from '../write/lockIdBuckets.js'

/** Every memory of the namespace whose supersession chain leads to one of `heads` (heads included). */
const CHAIN = `WITH RECURSIVE chain(id) AS (
    SELECT unnest($2::text[])
    UNION
    SELECT m.id FROM memories m JOIN chain c ON m.namespace = $1 AND m.superseded_by = c.id)
  SELECT id FROM chain`

/**
 * One namespace's expiry sweep, inside the caller's transaction (see `sweepExpired`). The
 * candidates are read first, then their id buckets are locked as `upsert` locks them and the heads
 * are re-read under row locks in id order: a head whose expiry a concurrent write extended, or
 * that a concurrent supersede tombstoned, no longer matches and stays.
 */
export async function sweepNamespace(
  sql: SqlRunner,
  ns: string,
  at: Date,
): Promise<{ expired: number; history: number; chunks: number }> {
  const heads = (
    await sql.query<{ id: string }>(
      'SELECT id FROM memories WHERE namespace = $1 AND expires_at <= $2 AND superseded_by IS NULL',
      [ns, at],
    )
  ).rows.map((row) => row.id)
  if (heads.length === 0) return { expired: 0, history: 0, chunks: 0 }
  const candidates = (await sql.query<{ id: string }>(CHAIN, [ns, heads])).rows.map((row) => row.id)
  await lockIdBuckets(sql, candidates)
  const locked = (
    await sql.query<{ id: string }>(
      `SELECT id FROM memories WHERE namespace = $1 AND id = ANY($2::text[])
         AND expires_at <= $3 AND superseded_by IS NULL ORDER BY id COLLATE "C" FOR UPDATE`,
      [ns, heads, at],
    )
  ).rows.map((row) => row.id)
  if (locked.length === 0) return { expired: 0, history: 0, chunks: 0 }
  const chain = (await sql.query<{ id: string }>(CHAIN, [ns, locked])).rows.map((row) => row.id)
  await sql.query(
    'SELECT id FROM memories WHERE namespace = $1 AND id = ANY($2::text[]) ORDER BY id COLLATE "C" FOR UPDATE',
    [ns, chain],
  )
  const chunks = await sql.query(
    'DELETE FROM memory_chunks WHERE namespace = $1 AND memory_id = ANY($2::text[])',
    [ns, chain],
  )
  const removed = await sql.query('DELETE FROM memories WHERE namespace = $1 AND id = ANY($2::text[])', [
    ns,
    chain,
  ])
  await sql.query(
    `DELETE FROM agent_memory_access WHERE namespace = $1 AND access_key = ANY(${accessKeysOf('$1', '$2::text[]')})`,
    [ns, chain],
  )
  await forgetKeywordLogEntries(sql, ns, chain)
  // A link to a removed memory could only ever be dropped at recall: take it out now.
  await sql.query(
    `UPDATE memories SET linked_memory_ids =
         ARRAY(SELECT l FROM unnest(linked_memory_ids) AS l WHERE l <> ALL($2::text[]))
       WHERE namespace = $1 AND linked_memory_ids && $2::text[]`,
    [ns, chain],
  )
  const expired = locked.length
  return { expired, history: removed.rowCount - expired, chunks: chunks.rowCount }
}
