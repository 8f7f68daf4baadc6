import type { MemoryInput } from '@agent-memory/core'

/** One memory to write, with what identifies it in its source file for re-runs. */
export interface IngestItem {
  /** Absolute path of the file it came from. */
  source: string
  /** `part` for prose files (0-based, one per ≤ 100k characters), `line` for `.jsonl` (1-based). */
  position: { part: number } | { line: number }
  /** Hash of the raw text this item was made from: equal hash → unchanged → skipped. */
  sourceHash: string
  input: MemoryInput
}
