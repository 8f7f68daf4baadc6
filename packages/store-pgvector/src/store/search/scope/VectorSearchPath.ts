import type { ScoredMemory } from '@agent-memory/core'
import type { SearchScope } from './searchScope.js'

/** What distinguishes one vector search path (memory vectors, chunk vectors) from the other. */
export interface VectorSearchPath {
  table: 'memories' | 'memory_chunks'
  /** The searched table's alias in `statement` (the memory row is always `m`). */
  alias: 'm' | 'c'
  /** Conditions beyond namespace and filter. */
  also?: string[]
  /** How many rows HNSW is tuned for (`planAnn`), given the caller's limit. */
  annLimit: (limit: number) => number
  /**
   * The statement, given the scope, the bound limit and, when HNSW serves it, the ORDER BY that
   * walks the index (`annOrder`; null: exact). It may bind more parameters.
   */
  statement: (scope: SearchScope, limitParam: string, annOrderBy: string | null) => string
  toHit: (row: Record<string, unknown>) => ScoredMemory
}
