import { joinAccessRow } from '../../joinAccessRow.js'
import { memoryColumnsSelect } from '../../memoryColumnsSelect.js'
import { toScoredMemory } from '../scope/toScoredMemory.js'
import type { VectorSearchPath } from '../scope/VectorSearchPath.js'

/** `Store.searchVector` (with `runVectorSearch`): memories by cosine similarity of their own vector, best first (ties by id). */
export const MEMORY_VECTOR_SEARCH: VectorSearchPath = {
  table: 'memories',
  alias: 'm',
  also: ['m.embedding IS NOT NULL'],
  annLimit: (limit) => limit,
  statement: ({ vector, conditions, namespaceParam }, limitParam, annOrderBy) => {
    const where = conditions.join(' AND ')
    if (annOrderBy !== null)
      return `SELECT * FROM (SELECT ${memoryColumnsSelect(namespaceParam)}, m.embedding <=> ${vector} AS distance FROM memories m
          WHERE ${where} ORDER BY ${annOrderBy} LIMIT ${limitParam}) s
        WHERE s.distance <> 'NaN'::float8 ORDER BY s.distance, s.id`
    // The exact scan ranks every row of the namespace on (id, distance) alone and reads the other
    // columns of the `limit` winners only: carrying a row's text through the ranking costs more
    // than the distance does. OFFSET 0 fences the ranked subquery so the planner cannot route the
    // ordering through the global HNSW index (which silently under-returns under a selective
    // filter). A zero vector (stored or queried) has no direction: its cosine distance is NaN,
    // which must never rank (as a score it would reorder every hit fused with it), so it is dropped.
    // The winners' access rows are joined: a recall's pool is a hundred rows or more.
    return `SELECT ${memoryColumnsSelect(namespaceParam, 'm', 'joined')}, w.distance FROM (
        SELECT d.id, d.distance FROM (SELECT m.id, m.embedding <=> ${vector} AS distance FROM memories m
            WHERE ${where} OFFSET 0) d
          WHERE d.distance <> 'NaN'::float8 ORDER BY d.distance, d.id LIMIT ${limitParam}) w
      JOIN memories m ON m.namespace = ${namespaceParam} AND m.id = w.id
      ${joinAccessRow(namespaceParam)}
      ORDER BY w.distance, w.id`
  },
  toHit: toScoredMemory,
}
