import type { MemoryWrite } from '@agent-memory/core'
import type { SqlRunner } from '../../sql/SqlRunner.js'
import { newestLiveByFingerprint } from '../newestLiveByFingerprint.js'
import { SqlParams } from '../SqlParams.js'
import { vectorLiteral } from '../vectorLiteral.js'
import { lockFingerprintKeys } from './lockFingerprintKeys.js'
import { lockIdBuckets } from './lockIdBuckets.js'
import { memoryRowTuple } from './memoryRowTuple.js'
import { toRowValues } from './toRowValues.js'
import { WRITE_SQL } from './WRITE_SQL.js'

/**
 * The common write of new memories in three statements that need no answer before the next: the
 * id locks, the fingerprint locks, then one statement that inserts the rows and their chunks only
 * if no id of the batch exists in any namespace (`agent_memory_id_owners`) and no key has a live
 * memory (`newestLiveByFingerprint`), checked in its own snapshot, after the locks. So on a
 * pipelined runner the whole transaction, COMMIT included, is one round trip. Resolves true when
 * the batch was written (every write `inserted`), false when the check found an owner or a
 * duplicate: then nothing was written, and the batch goes the general way (`upsertMemories`).
 *
 * For a batch of `unlessDuplicate` writes with distinct ids and distinct keys, on one server (on
 * Citus ids are owned per namespace, and the writes go the general way).
 */
export async function insertFresh(sql: SqlRunner, ns: string, writes: MemoryWrite[]): Promise<boolean> {
  const ids = writes.map((write) => write.id)
  const lockedIds = lockIdBuckets(sql, ids)
  const lockedKeys = lockFingerprintKeys(sql, ns, writes)
  const params = new SqlParams()
  const nsParam = params.add(ns)
  const nobodyOwns = `NOT EXISTS (SELECT 1 FROM agent_memory_id_owners(${params.add(ids, 'text[]')}))`
  const noDuplicate = `NOT EXISTS (SELECT 1 FROM ${newestLiveByFingerprint(nsParam, '1', params, writes)})`
  const rows = writes.map((write) => memoryRowTuple(params, nsParam, toRowValues(write)))
  const chunks = writes.flatMap((write) =>
    (write.chunks ?? []).map(
      (chunk) =>
        `(${nsParam}, ${params.add(write.id, 'text')}, ${params.add(chunk.idx, 'int4')}, ${params.add(chunk.text, 'text')}, ${params.add(
          vectorLiteral(chunk.embedding),
          'vector',
        )})`,
    ),
  )
  // Chunk rows go in only beside their memories (`ins`), in the same statement: the foreign key is
  // checked at its end, when both are there.
  const chunkInsert =
    chunks.length === 0
      ? ''
      : `, chunked AS (
          INSERT INTO memory_chunks (namespace, memory_id, idx, text, embedding)
          SELECT c.* FROM (VALUES ${chunks.join(', ')}) AS c WHERE EXISTS (SELECT 1 FROM ins))`
  const inserted = sql.query<{ inserted: number }>(
    `WITH ins AS (
       INSERT INTO memories (${WRITE_SQL.columns})
       SELECT v.* FROM (VALUES ${rows.join(',\n')}) AS v WHERE ${nobodyOwns} AND ${noDuplicate}
       RETURNING 1
     )${chunkInsert}
     SELECT count(*)::int AS inserted FROM ins`,
    params.values,
  )
  const [, , answer] = await Promise.all([lockedIds, lockedKeys, inserted])
  return Number(answer.rows[0]?.inserted ?? 0) === writes.length
}
