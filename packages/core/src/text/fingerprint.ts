import { createHash } from 'node:crypto'
import { normalizeText } from './normalizeText.js'

/**
 * Hash of content normalized for duplicate detection: `normalizeText`, case-folded, runs of
 * whitespace collapsed, trimmed. Two writes that differ only in spacing or case share it.
 */
export function fingerprint(content: string): string {
  const canonical = normalizeText(content).toLowerCase().replace(/\s+/g, ' ').trim()
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32)
}
