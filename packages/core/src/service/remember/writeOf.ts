import type { Memory } from '../../model/Memory.js'
import type { MemoryWrite } from '../../model/MemoryWrite.js'

/** The caller-owned fields of a stored memory, as a write (for re-writes that change one field). */
export function writeOf(memory: Memory): MemoryWrite {
  return {
    id: memory.id,
    tier: memory.tier,
    level: memory.level,
    content: memory.content,
    summary: memory.summary,
    metadata: memory.metadata,
    tags: memory.tags,
    importance: memory.importance,
    expiresAt: memory.expiresAt,
    supersededBy: memory.supersededBy,
    validFrom: memory.validFrom,
    validTo: memory.validTo,
    confidence: memory.confidence,
    observedAt: memory.observedAt,
    assessedImportance: memory.assessedImportance,
    linkedMemoryIds: memory.linkedMemoryIds,
    fingerprint: memory.fingerprint,
    embedding: null,
  }
}
