import type { ParsedMemoryInput } from '../../model/MemoryInput.js'

/** A validated, normalised, redacted write, before dedup and embedding. */
export interface PreparedWrite {
  input: ParsedMemoryInput
  content: string
  fingerprint: string
  redacted: boolean
  chunkTexts: string[]
}
