import type { StoredMemoryRow } from '../spec/NamespaceDataStore.js'
import { EXPORT_FORMAT_VERSION } from './EXPORT_FORMAT_VERSION.js'
import type { ExportMemory } from './ExportMemorySchema.js'
import { encodeVector } from './encodeVector.js'

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString())

/** A stored row as its export record (`vectors`: with the memory and chunk vectors). */
export function toExportMemory(row: StoredMemoryRow, vectors: boolean): ExportMemory {
  const { memory } = row
  return {
    type: 'memory',
    version: EXPORT_FORMAT_VERSION,
    memory: {
      ...memory,
      createdAt: memory.createdAt.toISOString(),
      updatedAt: memory.updatedAt.toISOString(),
      lastAccessedAt: memory.lastAccessedAt.toISOString(),
      expiresAt: iso(memory.expiresAt),
      validFrom: iso(memory.validFrom),
      validTo: iso(memory.validTo),
      observedAt: iso(memory.observedAt),
    },
    validToStamped: row.validToStamped,
    ...(vectors ? { embedding: row.embedding === null ? null : encodeVector(row.embedding) } : {}),
    chunks: row.chunks.map((chunk) => ({
      idx: chunk.idx,
      text: chunk.text,
      ...(vectors && chunk.embedding !== null ? { embedding: encodeVector(chunk.embedding) } : {}),
    })),
  }
}
