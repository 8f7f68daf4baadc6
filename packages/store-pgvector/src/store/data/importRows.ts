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
import { SqlParams } from '../SqlParams.js'
import { countKeywordWrite } from '../search/countKeywordWrite.js'
import { documentText, searchVectorSql } from '../searchText.js'
import { checkVector } from '../validateWrites.js'
import { vectorLiteral } from '../vectorLiteral.js'
import { insertChunks } from '../write/insertChunks.js'
import { lockIdBuckets } from '../write/lockIdBuckets.js'

const ROWS_PER_STATEMENT = 500

const COLUMNS = `namespace, id, tier, level, content, summary, metadata, tags, importance, created_at, updated_at,
  last_accessed_at, access_count, expires_at, superseded_by, valid_from, valid_to, valid_to_stamped, confidence,
  assessed_importance, linked_memory_ids, embed_state, fingerprint, observed_at, embedding, search`

/** Every column an import sets; a row equal on all of them is left alone (`unchanged`). */
const COMPARED = COLUMNS.split(',')
  .map((column) => column.trim())
  .filter((column) => column !== 'namespace' && column !== 'id' && column !== 'search')

/**
 * `NamespaceDataStore.importRows`: one transaction that locks the ids, refuses those another
 * namespace owns, and writes the rest verbatim with `INSERT … ON CONFLICT DO UPDATE … WHERE` some
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
    const owners = await sql.query<{ namespace: string; id: string }>(
      'SELECT owner AS namespace, owned_id AS id FROM agent_memory_id_owners($1::text[])',
      [ids],
    )
    const elsewhere = new Set(owners.rows.filter((row) => row.namespace !== ns).map((row) => row.id))
    // Under the id locks the owners stay as read until commit: an id not found here is inserted.
    const present = new Set(owners.rows.filter((row) => row.namespace === ns).map((row) => row.id))
    const accepted = rows
      .filter((row) => !elsewhere.has(row.memory.id))
      .sort((a, b) => (a.memory.id < b.memory.id ? -1 : a.memory.id > b.memory.id ? 1 : 0))
    const written = new Set<string>()
    for (let start = 0; start < accepted.length; start += ROWS_PER_STATEMENT) {
      const params = new SqlParams()
      const nsParam = params.add(ns)
      const tuples = accepted
        .slice(start, start + ROWS_PER_STATEMENT)
        .map(({ memory, embedding, validToStamped }) => {
          const state = embedding !== null ? 'ok' : memory.embedState === 'failed' ? 'failed' : 'pending'
          return `(${nsParam}, ${params.add(memory.id)}, ${params.add(memory.tier)}, ${params.add(memory.level)},
          ${params.add(memory.content)}, ${params.add(memory.summary)}, ${params.add(JSON.stringify(memory.metadata), 'jsonb')},
          ${params.add(memory.tags, 'text[]')}, ${params.add(memory.importance, 'float8')},
          ${params.add(memory.createdAt, 'timestamptz')}, ${params.add(memory.updatedAt, 'timestamptz')},
          ${params.add(memory.lastAccessedAt, 'timestamptz')}, ${params.add(memory.accessCount, 'int4')},
          ${params.add(memory.expiresAt, 'timestamptz')}, ${params.add(memory.supersededBy)},
          ${params.add(memory.validFrom, 'timestamptz')}, ${params.add(memory.validTo, 'timestamptz')},
          ${params.add(validToStamped, 'bool')}, ${params.add(memory.confidence, 'float8')},
          ${params.add(memory.assessedImportance, 'float8')}, ${params.add(memory.linkedMemoryIds, 'text[]')},
          ${params.add(state)}, ${params.add(memory.fingerprint)}, ${params.add(memory.observedAt ?? null, 'timestamptz')},
          ${params.add(embedding === null ? null : vectorLiteral(embedding), 'vector')},
          ${searchVectorSql(params.add(documentText(memory.content, memory.summary, memory.tags)))})`
        })
      const result = await sql.query<{ id: string }>(
        `INSERT INTO memories (${COLUMNS}) VALUES ${tuples.join(',\n')}
         ON CONFLICT (namespace, id) DO UPDATE SET
           ${COMPARED.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}, search = EXCLUDED.search,
           repair_attempts = 0, next_attempt_at = NULL, leased_until = NULL, last_error = NULL
         WHERE (${COMPARED.map((column) => `memories.${column}`).join(', ')})
           IS DISTINCT FROM (${COMPARED.map((column) => `EXCLUDED.${column}`).join(', ')})
         RETURNING memories.id`,
        params.values,
      )
      for (const row of result.rows) written.add(row.id)
    }
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
