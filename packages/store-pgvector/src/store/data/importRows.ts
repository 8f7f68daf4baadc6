import {
  type Chunk,
  type ImportRowOutcome,
  InvalidArgumentError,
  type StoredMemoryRow,
} from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { forgetNamespaceSize } from '../context/forgetNamespaceSize.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { countKeywordWrite } from '../search/keyword-statistics/countKeywordWrite.js'
import { checkVector } from '../validateWrites.js'
import { insertChunks } from '../write/insertChunks.js'
import { lockIdBuckets } from '../write/lockIdBuckets.js'
import { readIdOwners } from '../write/readIdOwners.js'
import { copyImportRows } from './copyImportRows.js'
import { foldAccessRows } from './foldAccessRows.js'
import { insertImportRows } from './insertImportRows.js'

/**
 * `NamespaceDataStore.importRows`: one transaction that locks the ids, refuses those another
 * namespace owns, and writes the rest verbatim (binary COPY for a large batch, `copyImportRows`;
 * multi-row INSERT otherwise, `insertImportRows`), updating an existing row only where some
 * column differs — so a row already equal is not touched (no dead tuple, no change-log entry)
 * and reported `unchanged`. Written rows get their chunks replaced by those that carry vectors,
 * and their repair bookkeeping reset.
 */
export async function importRows(
  context: StoreContext,
  namespace: string,
  rows: StoredMemoryRow[],
): Promise<ImportRowOutcome[]> {
  const ns = checkNamespace(namespace)
  for (const row of rows) {
    if (typeof row?.memory?.id !== 'string' || row.memory.id.length === 0 || row.memory.id.length > 256) {
      throw new InvalidArgumentError('rows', 'every row needs a memory id of 1 to 256 characters')
    }
    if (row.embedding !== null)
      checkVector(row.embedding, context.dimensions, `embedding of ${row.memory.id}`)
    for (const chunk of row.chunks) {
      if (chunk.embedding !== null)
        checkVector(chunk.embedding, context.dimensions, `chunk of ${row.memory.id}`)
    }
  }
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.memory.id)
  if (new Set(ids).size !== ids.length) {
    throw new InvalidArgumentError('rows', 'an id appears twice in one import batch')
  }
  return routed(context, 'write', ns).transaction(async (sql) => {
    await lockIdBuckets(sql, ids)
    const owners = await readIdOwners(context, sql, ns, ids)
    const elsewhere = new Set(owners.filter((row) => row.namespace !== ns).map((row) => row.id))
    // Under the id locks the owners stay as read until commit: an id not found here is inserted.
    const present = new Set(owners.filter((row) => row.namespace === ns).map((row) => row.id))
    const accepted = rows
      .filter((row) => !elsewhere.has(row.memory.id))
      .sort((a, b) => (a.memory.id < b.memory.id ? -1 : a.memory.id > b.memory.id ? 1 : 0))
    await foldAccessRows(
      sql,
      ns,
      accepted.map((row) => row.memory.id),
    )
    // COPY from `bulkThreshold` rows where the driver has it: a text vector literal costs more to
    // format and parse (slowly, in PGlite's wasm) than the binary COPY's extra round trip.
    const written =
      sql.copyIn !== undefined && accepted.length > 0 && accepted.length >= context.bulkThreshold
        ? await copyImportRows(
            context,
            sql,
            ns,
            accepted,
            accepted.every((row) => !present.has(row.memory.id)),
          )
        : await insertImportRows(sql, ns, accepted)
    const replaced = accepted.filter((row) => written.has(row.memory.id))
    if (replaced.length > 0) {
      // A row that was not there before has no chunks to clear.
      const updated = replaced.filter((row) => present.has(row.memory.id)).map((row) => row.memory.id)
      if (updated.length > 0) {
        await sql.query('DELETE FROM memory_chunks WHERE namespace = $1 AND memory_id = ANY($2::text[])', [
          ns,
          updated,
        ])
      }
      await insertChunks(
        sql,
        ns,
        replaced.flatMap((row) =>
          row.embedding === null
            ? []
            : row.chunks.flatMap((chunk) =>
                chunk.embedding === null
                  ? []
                  : [
                      {
                        id: row.memory.id,
                        chunk: {
                          idx: chunk.idx,
                          text: chunk.text,
                          embedding: chunk.embedding as Chunk['embedding'],
                        },
                      },
                    ],
              ),
        ),
      )
      forgetNamespaceSize(context, 'memories', ns)
      forgetNamespaceSize(context, 'memory_chunks', ns)
      countKeywordWrite(context, ns)
    }
    return rows.map((row): ImportRowOutcome => {
      const id = row.memory.id
      if (elsewhere.has(id)) return { id, status: 'conflict' }
      return { id, status: !written.has(id) ? 'unchanged' : present.has(id) ? 'updated' : 'inserted' }
    })
  })
}
