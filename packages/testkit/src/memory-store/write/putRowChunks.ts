import type { Chunk } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import { checkRowVector } from '../state/checkRowVector.js'
import { copyChunk } from '../state/copyChunk.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `ChunkStore.putChunks`: replaces the chunks while the memory still has this fingerprint. */
export async function putRowChunks(
  state: InMemoryState,

  namespace: string,
  memoryId: string,
  fingerprint: string,
  chunks: Chunk[],
): Promise<boolean> {
  checkNamespace(namespace)
  for (const chunk of chunks) checkRowVector(state, chunk.embedding)
  const row = findRow(state, namespace, memoryId)
  if (!row || row.memory.fingerprint !== fingerprint) return false
  row.chunks = chunks.map(copyChunk)
  return true
}
