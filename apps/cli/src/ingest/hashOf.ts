import { createHash } from 'node:crypto'

/** Short content hash of the raw text an item was made from: equal hash → unchanged on a re-run. */
export function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32)
}
