import type { MemoryWrite, UpsertOutcome } from '@agent-memory/core'
import type { PipelinedRunner } from '../../sql/PipelinedRunner.js'
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
import { insertFresh } from './insertFresh.js'
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
 *
 * A batch below `bulkThreshold` rows (memories and chunks) is pipelined (`Executor.pipelinedWrite`):
 * new memories checked for duplicates go in one round trip (`insertFresh`), unless one turns out
 * taken; any other small batch in two: its BEGIN, locks and look-ups leave together, then its
 * INSERTs and COMMIT. A larger batch keeps COPY, which cannot share a pipelined connection.
 */
export async function upsertMemories(
  context: StoreContext,
  namespace: string,
  writes: MemoryWrite[],
): Promise<UpsertOutcome[]> {
  const ns = checkNamespace(namespace)
  validateWrites(writes, context.dimensions)
  if (writes.length === 0) return []
  const rows = writes.reduce((sum, write) => sum + 1 + (write.chunks?.length ?? 0), 0)
  const route = routed(context, 'write', ns)
  const small = rows < context.bulkThreshold
  let written: UpsertOutcome[] | undefined
  if (small && isFreshBatch(context, writes)) {
    const inserted = await route.pipelinedWrite((sql) => {
      const done = insertFresh(sql, ns, writes)
      sql.commit()
      return done
    })
    if (inserted) {
      forgetNamespaceSize(context, 'memories', ns)
      countKeywordWrite(context, ns)
      written = writes.map((write) => ({ id: write.id, status: 'inserted' as const }))
    }
  }
  written ??= small
    ? await route.pipelinedWrite((sql) => writeBatch(context, sql, ns, writes, true))
    : await route.transaction((sql) =>
        writeBatch(context, { ...sql, commit: () => undefined }, ns, writes, false),
      )
  // After the commit, so ANALYZE sees the rows.
  await checkNamespaceStatistics(
    context,
    ns,
    written.filter((outcome) => outcome.status === 'inserted').length,
  )
  return written
}

/**
 * New memories the service checked for duplicates (`unlessDuplicate`), with distinct ids and keys,
 * on one PostgreSQL server: `insertFresh` writes them in one round trip unless one turns out taken.
 * PGlite has no round trip to save and keeps its binary COPY of chunk vectors; Citus owns ids per
 * namespace.
 */
function isFreshBatch(context: StoreContext, writes: MemoryWrite[]): boolean {
  if (context.executor.kind !== 'postgres' || context.distributed) return false
  const ids = new Set<string>()
  const keys = new Set<string>()
  for (const write of writes) {
    if (write.unlessDuplicate !== true) return false
    ids.add(write.id)
    keys.add(`${write.tier}\u0001${write.fingerprint}`)
  }
  return ids.size === writes.length && keys.size === writes.length
}

/**
 * The transaction's work. `together`: statements that do not wait on each other's answers are
 * issued at once (a connection runs them in the order issued), and the COMMIT right after the
 * writes; otherwise each waits for the one before (COPY needs the connection to itself).
 */
async function writeBatch(
  context: StoreContext,
  sql: PipelinedRunner,
  ns: string,
  writes: MemoryWrite[],
  together: boolean,
): Promise<UpsertOutcome[]> {
  const ids = writes.map((write) => write.id)
  // Every duplicate-checked write's key is locked and looked up, also one whose id turns out to
  // exist (it is not checked below): the look-up cannot wait for the owners' answer without a
  // round trip of its own, and an extra lock or key changes no outcome.
  const checked = writes.filter((write) => write.unlessDuplicate === true)
  const step = <T>(run: () => Promise<T>, previous: Promise<unknown>) =>
    together ? run() : previous.then(run)
  const locked = lockIdBuckets(sql, ids)
  const owners = step(() => readIdOwners(context, sql, ns, ids), locked)
  const duplicates = step(() => liveDuplicates(sql, ns, checked), owners)
  const [, existingRows, live] = await Promise.all([locked, owners, duplicates])
  const existing = new Map(existingRows.map((row) => [row.id, row]))
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
  const steps: Array<() => Promise<void>> = []
  for (const { writes: group, onConflict } of groups) {
    if (group.length === 0) continue
    if (!together && sql.copyIn !== undefined && group.length >= context.bulkThreshold) {
      // Under the id locks, "no id of the batch exists anywhere" stays true until commit:
      // nothing can conflict, so the rows go straight into `memories`.
      if (existing.size === 0) steps.push(() => copyInsert(context, sql, ns, group))
      else steps.push(() => copyUpsert(context, sql, ns, group.map(toRowValues), onConflict))
    } else {
      steps.push(() => insertUpsert(sql, ns, group.map(toRowValues), onConflict))
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
    steps.push(async () => {
      await sql.query('DELETE FROM memory_chunks WHERE namespace = $1 AND memory_id = ANY($2::text[])', [
        ns,
        clear,
      ])
    })
  }
  const chunkRows = accepted.flatMap((write) =>
    (write.chunks ?? []).map((chunk) => ({ id: write.id, chunk })),
  )
  // A COPY cannot share a pipelined connection; PGlite's is one call, run in the order issued.
  const chunkRunner =
    together && context.executor.kind === 'postgres'
      ? { query: <Row>(text: string, params?: unknown[]) => sql.query<Row>(text, params) }
      : sql
  steps.push(() => insertChunks(chunkRunner, ns, chunkRows))
  if (together) {
    // Every statement is issued before the COMMIT, which leaves in their round trip.
    const done = Promise.all(steps.map((run) => run()))
    sql.commit()
    await done
  } else {
    for (const run of steps) await run()
  }
  forgetNamespaceSize(context, 'memories', ns)
  countKeywordWrite(context, ns)
  return outcomes
}
