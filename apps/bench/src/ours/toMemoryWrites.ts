import { fingerprint, type MemoryWrite } from '@agent-memory/core'
import type { RawRow } from '../pg/copyRowsBinary.js'

/** Raw rows as our store's writes (id `r<row>`), fingerprints computed up front as the service would. */
export function toMemoryWrites(rows: readonly RawRow[]): MemoryWrite[] {
  return rows.map((row) => ({
    id: `r${row.id}`,
    tier: 'semantic',
    content: row.content,
    fingerprint: fingerprint(row.content),
    embedding: row.embedding,
  }))
}
