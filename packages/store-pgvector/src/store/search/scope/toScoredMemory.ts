import type { ScoredMemory } from '@agent-memory/core'
import { rowToMemory } from '../../rowToMemory.js'

/** A vector-search row (memory columns + cosine `distance`) as a hit scored by cosine similarity. */
export function toScoredMemory(row: Record<string, unknown>): ScoredMemory {
  return { memory: rowToMemory(row), score: 1 - Number(row.distance) }
}
