import type { Chunk } from '@agent-memory/core'
import { checkNamespace } from '../state/checkNamespace.js'
import { checkRowVector } from '../state/checkRowVector.js'
import { copyChunk } from '../state/copyChunk.js'
import { copyVector } from '../state/copyVector.js'
import { findRow } from '../state/findRow.js'
import type { InMemoryState } from '../state/InMemoryState.js'

/** `RepairStore.completeRepair`: stores the vector while the fingerprint is unchanged. */
export async function completeRowRepair(
  state: InMemoryState,

  namespace: string,
  id: string,
  fingerprint: string,
  embedding: Float32Array,
  chunks?: Chunk[],
): Promise<boolean> {
  checkNamespace(namespace)
  checkRowVector(state, embedding)
  for (const chunk of chunks ?? []) checkRowVector(state, chunk.embedding)
  const row = findRow(state, namespace, id)
  if (!row || row.memory.fingerprint !== fingerprint) return false
  row.embedding = copyVector(embedding)
  if (chunks !== undefined) row.chunks = chunks.map(copyChunk)
  row.memory.embedState = 'ok'
  row.attempts = 0
  row.nextRunAt = null
  row.leaseUntil = null
  row.lastError = null
  return true
}
