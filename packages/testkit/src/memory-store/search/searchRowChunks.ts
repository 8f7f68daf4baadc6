import type { Chunk, ScoredMemory, SearchOptions } from '@agent-memory/core'
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

/** `ChunkStore.searchChunks`: exact cosine over chunk vectors, max-pooled per memory. */
export async function searchRowChunks(
  state: InMemoryState,

  namespace: string,
  vector: Float32Array,
  options: SearchOptions,
): Promise<ScoredMemory[]> {
  checkNamespace(namespace)
  checkRowVector(state, vector)
  const limit = searchLimit(options.limit)
  const now = state.clock()
  const hits: Array<{ row: Row; score: number; chunk: Chunk }> = []
  for (const row of namespaceRows(state, namespace)) {
    if (row.chunks.length === 0 || !matchesFilter(row.memory, options.filter, now)) continue
    let best: { score: number; chunk: Chunk } | undefined
    for (const chunk of row.chunks) {
      const score = cosineSimilarity(vector, chunk.embedding)
      if (!best || score > best.score) best = { score, chunk }
    }
    if (best) hits.push({ row, ...best })
  }
  return hits
    .sort((a, b) => b.score - a.score || compareRowIds(a.row, b.row))
    .slice(0, limit)
    .map((hit) => ({
      memory: copyMemory(hit.row.memory),
      score: hit.score,
      matchedChunk: { idx: hit.chunk.idx, text: hit.chunk.text },
    }))
}
