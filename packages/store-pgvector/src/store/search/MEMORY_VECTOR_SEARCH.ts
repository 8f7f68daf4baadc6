import { MEMORY_COLUMNS } from '../memoryColumns.js'
import type { VectorSearchPath } from './runVectorSearch.js'
import { toScoredMemory } from './toScoredMemory.js'

/** `Store.searchVector` (with `runVectorSearch`): memories by cosine similarity of their own vector, best first (ties by id). */
export const MEMORY_VECTOR_SEARCH: VectorSearchPath = {
  table: 'memories',
  alias: 'm',
  also: ['m.embedding IS NOT NULL'],
  annLimit: (limit) => limit,
  statement: ({ vector, conditions }, limitParam, ann) => {
    const inner = `SELECT ${MEMORY_COLUMNS}, m.embedding <=> ${vector} AS distance FROM memories m
      WHERE ${conditions.join(' AND ')}`
    return ann
      ? `SELECT * FROM (${inner} ORDER BY m.embedding <=> ${vector} LIMIT ${limitParam}) s
          WHERE s.distance <> 'NaN'::float8 ORDER BY s.distance, s.id`
      : // OFFSET 0 fences the subquery so the planner cannot route the ordering through the
        // global HNSW index (which silently under-returns under a selective filter).
        // A zero vector (stored or queried) has no direction: its cosine distance is NaN, which
        // must never rank (as a score it would reorder every hit fused with it), so it is dropped.
        `SELECT * FROM (${inner} OFFSET 0) s WHERE s.distance <> 'NaN'::float8
          ORDER BY s.distance, s.id LIMIT ${limitParam}`
  },
  toHit: toScoredMemory,
}
