import type { ScoredMemory, SearchOptions } from '@agent-memory/core'
import { cosineSimilarity } from '../cosineSimilarity.js'
import { matchesFilter } from '../matchesFilter.js'
import { checkNamespace } from '../state/checkNamespace.js'
import { checkRowVector } from '../state/checkRowVector.js'
import { compareRowIds } from '../state/compareRowIds.js'
import { copyMemory } from '../state/copyMemory.js'
import type { InMemoryRow as Row } from '../state/InMemoryRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'
import { namespaceRows } from '../state/namespaceRows.js'
import { searchLimit } from '../state/searchLimit.js'

/** `Store.searchVector`: exact cosine over memory vectors, best first, ties by id. */
export async function searchRowVectors(
  state: InMemoryState,

  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
): Promise<ScoredMemory[]> {
  checkNamespace(namespace)
  checkRowVector(state, vector)
  const limit = searchLimit(options.limit)
  const now = state.clock()
  const hits: Array<{ row: Row; score: number }> = []
  for (const row of namespaceRows(state, namespace)) {
    if (row.embedding === null || !matchesFilter(row.memory, options.filter, now)) continue
    hits.push({ row, score: cosineSimilarity(vector, row.embedding) })
  }
  return hits
    .sort((a, b) => b.score - a.score || compareRowIds(a.row, b.row))
    .slice(0, limit)
    .map((hit) => ({ memory: copyMemory(hit.row.memory), score: hit.score }))
}
