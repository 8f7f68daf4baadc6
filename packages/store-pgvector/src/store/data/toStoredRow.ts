import type { StoredMemoryRow } from '@agent-memory/core'
import { rowToMemory } from '../rowToMemory.js'
import { decodeVectorSend } from '../vectors/decodeVectorSend.js'

type ChunkJson = { idx: number; text: string; embedding?: string }

/** A row read with `exportPageStatement` as a `StoredMemoryRow`. */
export function toStoredRow(row: Record<string, unknown>, vectors: boolean): StoredMemoryRow {
  const chunks = (
    typeof row.chunk_list === 'string' ? JSON.parse(row.chunk_list) : row.chunk_list
  ) as ChunkJson[]
  return {
    memory: rowToMemory(row),
    validToStamped: row.valid_to_stamped === true,
    embedding: typeof row.vector === 'string' ? decodeVectorSend(row.vector) : null,
    chunks: chunks.map((chunk) => ({
      idx: Number(chunk.idx),
      text: chunk.text,
      embedding: vectors && typeof chunk.embedding === 'string' ? decodeVectorSend(chunk.embedding) : null,
    })),
  }
}
