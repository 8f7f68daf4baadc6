import type { Memory, MemoryWrite, UpsertOutcome } from '@agent-memory/core'
import { liveRowByFingerprint } from '../read/findRowByFingerprint.js'
import { checkNamespace } from '../state/checkNamespace.js'
import { checkRowVector } from '../state/checkRowVector.js'
import { copyChunk } from '../state/copyChunk.js'
import { copyVector } from '../state/copyVector.js'
import type { InMemoryState } from '../state/InMemoryState.js'

function copyDate(date: Date | null): Date | null {
  return date === null ? null : new Date(date.getTime())
}

/** `Store.upsert`: the batch is validated whole, then each write inserted or replaced (the chunk and keepEmbedding contract). */
export async function upsertRows(
  state: InMemoryState,
  namespace: string,
  writes: MemoryWrite[],
): Promise<UpsertOutcome[]> {
  checkNamespace(namespace)
  // Validate the whole batch before touching anything: the batch is atomic.
  for (const write of writes) {
    if (write.embedding !== null) checkRowVector(state, write.embedding)
    for (const chunk of write.chunks ?? []) checkRowVector(state, chunk.embedding)
  }
  const now = state.clock()
  const outcomes: UpsertOutcome[] = []
  for (const write of writes) {
    const existing = state.rows.get(write.id)
    if (existing && existing.memory.namespace !== namespace) {
      outcomes.push({ id: write.id, status: 'conflict' })
      continue
    }
    if (write.unlessDuplicate === true && existing === undefined) {
      // Synchronous from check to write: no other call interleaves, as a lock would ensure.
      const live = liveRowByFingerprint(state, namespace, write.tier, write.fingerprint)
      if (live !== undefined) {
        outcomes.push({ id: live.memory.id, status: 'duplicate' })
        continue
      }
    }
    const sameContent = existing !== undefined && existing.memory.fingerprint === write.fingerprint
    const keepVector = write.embedding === null && write.keepEmbedding === true && sameContent
    const embedding = keepVector
      ? (existing?.embedding ?? null)
      : write.embedding === null
        ? null
        : copyVector(write.embedding)
    const embedState: Memory['embedState'] = keepVector
      ? (existing?.memory.embedState ?? 'pending')
      : embedding === null
        ? 'pending'
        : 'ok'
    const createdAt = existing ? existing.memory.createdAt : new Date((write.createdAt ?? now).getTime())
    const memory: Memory = {
      id: write.id,
      namespace,
      tier: write.tier,
      level: write.level ?? null,
      content: write.content,
      summary: write.summary ?? null,
      metadata: structuredClone(write.metadata ?? {}),
      tags: [...(write.tags ?? [])],
      importance: write.importance ?? state.defaultImportance,
      createdAt,
      updatedAt: new Date(now.getTime()),
      lastAccessedAt: existing ? existing.memory.lastAccessedAt : new Date(createdAt.getTime()),
      accessCount: existing ? existing.memory.accessCount : 0,
      expiresAt: copyDate(write.expiresAt ?? null),
      supersededBy: write.supersededBy ?? null,
      validFrom: copyDate(write.validFrom ?? null),
      validTo: copyDate(write.validTo ?? null),
      confidence: write.confidence ?? null,
      observedAt: copyDate(write.observedAt ?? existing?.memory.observedAt ?? null),
      assessedImportance: write.assessedImportance ?? null,
      linkedMemoryIds: [...(write.linkedMemoryIds ?? [])],
      embedState,
      fingerprint: write.fingerprint,
    }
    const chunks =
      write.chunks !== undefined ? write.chunks.map(copyChunk) : sameContent ? (existing?.chunks ?? []) : []
    const keepRepair = keepVector && existing !== undefined
    state.rows.set(write.id, {
      memory,
      embedding,
      chunks,
      stampedValidTo: existing?.stampedValidTo === true && memory.validTo !== null,
      attempts: keepRepair ? existing.attempts : 0,
      nextRunAt: keepRepair ? existing.nextRunAt : null,
      leaseUntil: keepRepair ? existing.leaseUntil : null,
      lastError: keepRepair ? existing.lastError : null,
    })
    outcomes.push({ id: write.id, status: existing ? 'updated' : 'inserted' })
  }
  return outcomes
}
