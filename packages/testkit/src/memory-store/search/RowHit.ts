import type { Chunk } from '@agent-memory/core'
import type { InMemoryRow } from '../state/InMemoryRow.js'

/** A row one search path scored, with the chunk that scored it (chunk search only). */
export interface RowHit {
  row: InMemoryRow
  score: number
  chunk?: Chunk
}
