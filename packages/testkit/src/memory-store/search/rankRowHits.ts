import type { ScoredMemory } from '@agent-memory/core'
import { compareRowIds } from '../state/compareRowIds.js'
import { copyMemory } from '../state/copyMemory.js'
import type { RowHit } from './RowHit.js'

/** Every search path's answer: best first, ties by id (as the store contract requires), `limit` copies. */
export function rankRowHits(hits: RowHit[], limit: number): ScoredMemory[] {
  return hits
    .sort((a, b) => b.score - a.score || compareRowIds(a.row, b.row))
    .slice(0, limit)
    .map(({ row, score, chunk }) => ({
      memory: copyMemory(row.memory),
      score,
      ...(chunk === undefined ? {} : { matchedChunk: { idx: chunk.idx, text: chunk.text } }),
    }))
}
