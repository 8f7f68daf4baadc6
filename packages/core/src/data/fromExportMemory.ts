import type { StoredMemoryRow } from '../spec/NamespaceDataStore.js'
import { decodeVector } from './decodeVector.js'
import type { ExportMemory } from './ExportMemorySchema.js'

const date = (text: string | null): Date | null => (text === null ? null : new Date(text))

/**
 * An export record as a row to import into `namespace`. `dimensions`: the store's vector width,
 * or `null` to drop the vectors (another embedder's file): the row then goes in without them and
 * is embedded again by repair. A vector of the wrong width or a broken encoding is dropped too.
 */
export function fromExportMemory(
  record: ExportMemory,
  namespace: string,
  dimensions: number | null,
): StoredMemoryRow {
  const fits = (text: string | undefined | null): Float32Array | null => {
    if (dimensions === null || typeof text !== 'string') return null
    const vector = decodeVector(text)
    return vector !== null && vector.length === dimensions ? vector : null
  }
  const { memory } = record
  return {
    memory: {
      ...memory,
      namespace,
      createdAt: new Date(memory.createdAt),
      updatedAt: new Date(memory.updatedAt),
      lastAccessedAt: new Date(memory.lastAccessedAt),
      expiresAt: date(memory.expiresAt),
      validFrom: date(memory.validFrom),
      validTo: date(memory.validTo),
      observedAt: date(memory.observedAt ?? null),
    },
    validToStamped: record.validToStamped,
    embedding: fits(record.embedding),
    chunks: record.chunks.map((chunk) => ({
      idx: chunk.idx,
      text: chunk.text,
      embedding: fits(chunk.embedding),
    })),
  }
}
