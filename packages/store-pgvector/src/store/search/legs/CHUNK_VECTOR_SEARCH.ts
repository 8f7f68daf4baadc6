import { MEMORY_COLUMN_NAMES } from '../../MEMORY_COLUMN_NAMES.js'
import { memoryColumnsSelect } from '../../memoryColumnsSelect.js'
import { toScoredMemory } from '../scope/toScoredMemory.js'
import type { VectorSearchPath } from '../scope/VectorSearchPath.js'

const STORED_COLUMNS = MEMORY_COLUMN_NAMES.map((column) => `m.${column}`).join(', ')

/** `ChunkStore.searchChunks` (with `runVectorSearch`): memories by their best-matching chunk vector (max-pooled per memory). */
export const CHUNK_VECTOR_SEARCH: VectorSearchPath = {
  table: 'memory_chunks',
  alias: 'c',
  annLimit: (limit) => limit * 4,
  statement: ({ vector, conditions, limit, namespaceParam }, limitParam, annOrderBy) => {
    // The rows are ranked on the stored columns; the reinforcement beside each row is read for
    // the winners only (a look-up per row, never one per chunk scanned).
    const scored = `SELECT ${STORED_COLUMNS}, c.idx AS chunk_idx, c.text AS chunk_text, c.embedding <=> ${vector} AS distance
      FROM memory_chunks c JOIN memories m ON m.namespace = c.namespace AND m.id = c.memory_id
      WHERE ${conditions.join(' AND ')}`
    // HNSW returns chunks, not memories: fetch enough candidates that `limit` distinct memories
    // usually survive (when they do not, `runVectorSearch` answers exactly). An integer we
    // computed, inlined: the same scope's parameters also serve the exact statement.
    const candidates =
      annOrderBy !== null
        ? `(${scored} ORDER BY ${annOrderBy} LIMIT ${Math.min(4000, limit * 4)})`
        : `(${scored} OFFSET 0)`
    return `SELECT ${memoryColumnsSelect(namespaceParam, 'w')}, w.chunk_idx, w.chunk_text, w.distance FROM (SELECT * FROM (
           SELECT DISTINCT ON (t.id) * FROM ${candidates} t WHERE t.distance <> 'NaN'::float8
           ORDER BY t.id, t.distance, t.chunk_idx
         ) s ORDER BY s.distance, s.id LIMIT ${limitParam}) w ORDER BY w.distance, w.id`
  },
  toHit: (row) => ({
    ...toScoredMemory(row),
    matchedChunk: { idx: Number(row.chunk_idx), text: String(row.chunk_text) },
  }),
}
