import type { Tier } from '@agent-memory/core'

export interface IngestOptions {
  /** Tier for prose files and for `.jsonl` lines that do not name one (default `semantic`). */
  tier?: Tier
  /** Tags added to every item. */
  tags?: string[]
}
