import type { RecallOptions, Tier } from '@agent-memory/core'

/**
 * One recall asked of the data directory's holder (`recall.sock`, one JSON line per
 * connection). Plain JSON: dates travel as ISO 8601 strings.
 */
export interface RecallRequest {
  /** The wire version; a holder that does not speak it declines and the client opens the store itself. */
  v: 1
  /** The asking command's embedder settings (`embedderChoiceKey`): the holder answers only when they are its own. */
  embedder: string
  namespace: string
  query: string
  options: {
    limit?: number
    filter?: { tiers?: Tier[]; tags?: string[]; asOf?: string }
    minScore?: number
    mode?: RecallOptions['mode']
  }
}
