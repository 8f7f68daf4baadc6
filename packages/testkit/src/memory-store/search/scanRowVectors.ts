import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import { matchesFilter } from '../matchesFilter.js'
import { checkNamespace } from '../state/checkNamespace.js'
import { checkRowVector } from '../state/checkRowVector.js'
import type { InMemoryRow } from '../state/InMemoryRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { namespaceRows } from '../state/namespaceRows.js'
import { searchLimit } from '../state/searchLimit.js'
import type { RowHit } from './RowHit.js'
import { rankRowHits } from './rankRowHits.js'

/**
 * The exact scan both vector paths share: the same checks, namespace and filter, each row scored
 * by `score` (`undefined`: the row has nothing to compare and is skipped), then ranked.
 */
export function scanRowVectors(
  state: InMemoryState,
  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
  score: (row: InMemoryRow) => RowHit | undefined,
): ScoredMemory[] {
  checkNamespace(namespace)
  checkRowVector(state, vector)
  const limit = searchLimit(options.limit)
  const now = state.clock()
  const hits: RowHit[] = []
  for (const row of namespaceRows(state, namespace)) {
    if (!matchesFilter(row.memory, options.filter, now)) continue
    const hit = score(row)
    if (hit !== undefined) hits.push(hit)
  }
  return rankRowHits(hits, limit)
}
