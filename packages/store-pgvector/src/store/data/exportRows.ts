import { InvalidArgumentError, type StoredMemoryRow } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { MEMORY_COLUMNS } from '../memoryColumns.js'
import { rowToMemory } from '../rowToMemory.js'
import { decodeVectorSend } from '../vectors/decodeVectorSend.js'

type ChunkJson = { idx: number; text: string; embedding?: string }

/**
 * `NamespaceDataStore.exportRows`: one page of the namespace in id order, read by the primary
 * key (`namespace, id`), so every page costs the same wherever it starts. Chunks come with their
 * memory in the same statement; vectors as base64 of `vector_send` (text is cheap on PGlite).
 */
export async function exportRows(
  context: StoreContext,
  namespace: string,
  options: { after?: string; limit: number; vectors?: boolean },
): Promise<StoredMemoryRow[]> {
  const ns = checkNamespace(namespace)
  if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > 1000) {
    throw new InvalidArgumentError('limit', `limit must be an integer from 1 to 1000, got ${options.limit}`)
  }
  if (options.after !== undefined && typeof options.after !== 'string') {
    throw new InvalidArgumentError('after', 'after must be a memory id')
  }
  const vectors = options.vectors === true
  const vector = (column: string) => `encode(vector_send(${column}), 'base64')`
  const chunkFields = vectors ? `'embedding', ${vector('c.embedding')}, ` : ''
  const params: unknown[] = [ns, options.limit]
  if (options.after !== undefined) params.push(options.after)
  const rows = await routed(context, 'read', ns).readStatement<Record<string, unknown>>(
    `SELECT ${MEMORY_COLUMNS}, m.valid_to_stamped,
        ${vectors ? vector('m.embedding') : 'NULL::text'} AS vector,
        (SELECT coalesce(json_agg(json_build_object(${chunkFields}'idx', c.idx, 'text', c.text) ORDER BY c.idx), '[]')
           FROM memory_chunks c WHERE c.namespace = $1 AND c.memory_id = m.id) AS chunk_list
       FROM memories m WHERE m.namespace = $1${options.after === undefined ? '' : ' AND m.id > $3'}
       ORDER BY m.id LIMIT $2`,
    params,
  )
  return rows.map((row) => {
    const chunks = (
      typeof row.chunk_list === 'string' ? JSON.parse(row.chunk_list) : row.chunk_list
    ) as ChunkJson[]
    return {
      memory: rowToMemory(row),
      validToStamped: row.valid_to_stamped === true,
      embedding: typeof row.vector === 'string' ? decodeVectorSend(row.vector) : null,
      chunks: chunks.map((chunk) => ({
        idx: Number(chunk.idx),
        text: chunk.text,
        embedding: vectors && typeof chunk.embedding === 'string' ? decodeVectorSend(chunk.embedding) : null,
      })),
    }
  })
}
