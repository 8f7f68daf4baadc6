import type { Memory } from '@agent-memory/core'
import type { MemoryJson } from '../json/MemoryJsonSchema.js'

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString())

/** A memory as `--json` documents carry it: the fields listed one by one, so the contract is explicit. */
export function toMemoryJson(memory: Memory): MemoryJson {
  return {
    id: memory.id,
    namespace: memory.namespace,
    tier: memory.tier,
    level: memory.level,
    content: memory.content,
    summary: memory.summary,
    metadata: memory.metadata,
    tags: memory.tags,
    importance: memory.importance,
    createdAt: memory.createdAt.toISOString(),
    updatedAt: memory.updatedAt.toISOString(),
    lastAccessedAt: memory.lastAccessedAt.toISOString(),
    accessCount: memory.accessCount,
    expiresAt: iso(memory.expiresAt),
    supersededBy: memory.supersededBy,
    validFrom: iso(memory.validFrom),
    validTo: iso(memory.validTo),
    confidence: memory.confidence,
    observedAt: iso(memory.observedAt),
    assessedImportance: memory.assessedImportance,
    linkedMemoryIds: memory.linkedMemoryIds,
    embedState: memory.embedState,
    fingerprint: memory.fingerprint,
  }
}
