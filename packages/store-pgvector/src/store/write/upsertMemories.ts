import type { MemoryWrite, UpsertOutcome } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { forgetNamespaceSize } from '../context/forgetNamespaceSize.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { countKeywordWrite } from '../search/keyword-statistics/countKeywordWrite.js'
import { validateWrites } from '../validateWrites.js'
import { checkNamespaceStatistics } from './checkNamespaceStatistics.js'
import { copyInsert } from './copyInsert.js'
import { copyUpsert } from './copyUpsert.js'
import { insertChunks } from './insertChunks.js'
import { insertUpsert } from './insertUpsert.js'
import { liveDuplicates } from './liveDuplicates.js'
import { lockIdBuckets } from './lockIdBuckets.js'
import { readIdOwners } from './readIdOwners.js'
import { toRowValues } from './toRowValues.js'
import { WRITE_SQL } from './WRITE_SQL.js'

/**
 * `Store.upsert`: one transaction that locks the batch's ids, refuses ids another namespace
 * owns (`conflict`), writes the rest by the cheapest path the driver and batch allow (binary COPY
 * for large batches, multi-row INSERT otherwise) and applies the chunk contract: chunks given →
 * replaced; absent → kept while the fingerprint is unchanged, cleared when it changed. Then keeps
 * the planner's view of the namespace's size current (`checkNamespaceStatistics`).
 */
export async function upsertMemories(
  context: StoreContext,
  namespace: string,
  writes: MemoryWrite[],
): Promise<UpsertOutcome[]> {
  const ns = checkNamespace(namespace)
  validateWrites(writes, context.dimensions)
  if (writes.length === 0) return []
  const written = await routed(context, 'write', ns).transaction(async (sql) => {
    await lockIdBuckets(
      sql,
      writes.map((write) => write.id),
    )
    const existingRows = await readIdOwners(
      context,
      sql,
      ns,
      writes.map((write) => write.id),
    )
    const existing = new Map(existingRows.map((row) => [row.id, row]))
    const live = await liveDuplicates(
      sql,
      ns,
      writes.filter((write) => write.unlessDuplicate === true && !existing.has(write.id)),
    )
    const outcomes: UpsertOutcome[] = []
    const accepted: MemoryWrite[] = []
    for (const write of writes) {
      const found = existing.get(write.id)
      if (found !== undefined && found.namespace !== ns) {
        outcomes.push({ id: write.id, status: 'conflict' })
        continue
      }
      if (write.unlessDuplicate === true && found === undefined) {
        const key = `${write.tier}\u0001${write.fingerprint}`
        const duplicateOf = live.get(key)
        if (duplicateOf !== undefined) {
          outcomes.push({ id: duplicateOf, status: 'duplicate' })
          continue
        }
        live.set(key, write.id)
      }
      outcomes.push({ id: write.id, status: found === undefined ? 'inserted' : 'updated' })
      accepted.push(write)
    }
    if (accepted.length === 0) return outcomes
    // Row locks are taken in id order (as reinforce takes them), so concurrent batches never deadlock.
    accepted.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

    const keepsVector = (write: MemoryWrite) =>
      write.embedding === null &&
      write.keepEmbedding === true &&
      existing.get(write.id)?.fingerprint === write.fingerprint
    const groups = [
      { writes: accepted.filter((write) => !keepsVector(write)), onConflict: WRITE_SQL.onConflict },
      { writes: accepted.filter(keepsVector), onConflict: WRITE_SQL.onConflictKeepingVector },
    ]
    for (const { writes: group, onConflict } of groups) {
      if (group.length === 0) continue
      if (sql.copyIn !== undefined && group.length >= context.bulkThreshold) {
        // Under the id locks, "no id of the batch exists anywhere" stays true until commit:
        // nothing can conflict, so the rows go straight into `memories`.
        if (existing.size === 0) await copyInsert(context, sql, ns, group)
        else await copyUpsert(context, sql, ns, group.map(toRowValues), onConflict)
      } else {
        await insertUpsert(sql, ns, group.map(toRowValues), onConflict)
      }
    }

    // Chunk rows belong to a memory row (foreign key, cascading): a new id has none to clear.
    const clear = accepted
      .filter((write) => {
        const found = existing.get(write.id)
        return found !== undefined && (write.chunks !== undefined || found.fingerprint !== write.fingerprint)
      })
      .map((write) => write.id)
    if (clear.length > 0) {
      await sql.query('DELETE FROM memory_chunks WHERE namespace = $1 AND memory_id = ANY($2::text[])', [
        ns,
        clear,
      ])
    }
    const chunkRows = accepted.flatMap((write) =>
      (write.chunks ?? []).map((chunk) => ({ id: write.id, chunk })),
    )
    await insertChunks(sql, ns, chunkRows)
    forgetNamespaceSize(context, 'memories', ns)
    countKeywordWrite(context, ns)
    return outcomes
  })
  // After the commit, so ANALYZE sees the rows.
  await checkNamespaceStatistics(
    context,
    ns,
    written.filter((outcome) => outcome.status === 'inserted').length,
  )
  return written
}
