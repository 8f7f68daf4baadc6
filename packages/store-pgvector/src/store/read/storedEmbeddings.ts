import { InvalidArgumentError, type StoredEmbedding } from '@agent-memory/core'
import { checkNamespace } from '../context/checkNamespace.js'
import { routed } from '../context/routed.js'
import type { StoreContext } from '../context/StoreContext.js'
import { decodeVectorSend } from '../vectors/decodeVectorSend.js'

const vector = (column: string) => `encode(vector_send(${column}), 'base64')`

/**
 * One statement: per distinct content among the namespace's embedded memories with these
 * fingerprints (on `memories_namespace_fingerprint_idx`), the most recently updated row's vector
 * and its chunks' texts and vectors. Both tables are filtered on the namespace parameter; the
 * chunks are joined on the memory id alone, so the statement stays on one shard when the tables
 * are distributed by namespace.
 */
const STORED_EMBEDDINGS_SQL = `SELECT m.fingerprint, m.content, ${vector('m.embedding')} AS vector,
    (SELECT coalesce(json_agg(json_build_object('text', c.text, 'embedding', ${vector('c.embedding')}) ORDER BY c.idx), '[]')
       FROM memory_chunks c WHERE c.namespace = $1 AND c.memory_id = m.id) AS chunk_list
  FROM (
    SELECT DISTINCT ON (o.content) o.id, o.fingerprint, o.content, o.embedding
      FROM memories o
     WHERE o.namespace = $1 AND o.fingerprint = ANY($2::text[])
       AND o.embed_state = 'ok' AND o.embedding IS NOT NULL
     ORDER BY o.content, o.updated_at DESC, o.id
  ) m`

type ChunkJson = { text: string; embedding: string }

/**
 * `Store.storedEmbeddings`: the vectors the namespace holds for content with these fingerprints,
 * so the service reuses them instead of embedding the same text again. Nothing unless the store
 * was opened for this embedder (model and width): a store opened without a model cannot vouch for
 * whose vectors it holds.
 */
export async function storedEmbeddings(
  context: StoreContext,
  namespace: string,
  fingerprints: string[],
  embedder: { model: string; dimensions: number },
): Promise<StoredEmbedding[]> {
  const ns = checkNamespace(namespace)
  if (!Array.isArray(fingerprints) || fingerprints.some((fingerprint) => typeof fingerprint !== 'string')) {
    throw new InvalidArgumentError('fingerprints', 'fingerprints must be an array of strings')
  }
  if (typeof embedder?.model !== 'string' || !Number.isInteger(embedder.dimensions)) {
    throw new InvalidArgumentError('embedder', 'embedder must name a model and its dimensions')
  }
  if (fingerprints.length === 0) return []
  if (context.model !== embedder.model || context.dimensions !== embedder.dimensions) return []
  const rows = await routed(context, 'read', ns).readStatement<Record<string, unknown>>(
    STORED_EMBEDDINGS_SQL,
    [ns, [...new Set(fingerprints)]],
  )
  return rows.map((row) => {
    const chunks = (
      typeof row.chunk_list === 'string' ? JSON.parse(row.chunk_list) : row.chunk_list
    ) as ChunkJson[]
    return {
      fingerprint: String(row.fingerprint),
      content: String(row.content),
      embedding: decodeVectorSend(String(row.vector)),
      chunks: chunks.map((chunk) => ({ text: chunk.text, embedding: decodeVectorSend(chunk.embedding) })),
    }
  })
}
