import type { MemoryWrite } from '@agent-memory/core'
import { documentText } from '../searchText.js'
import type { RowValues } from './RowValues.js'

export function toRowValues(write: MemoryWrite): RowValues {
  return {
    id: write.id,
    tier: write.tier,
    level: write.level ?? null,
    content: write.content,
    summary: write.summary ?? null,
    metadata: JSON.stringify(write.metadata ?? {}),
    tags: write.tags ?? [],
    importance: write.importance ?? 0.5,
    createdAt: write.createdAt ?? null,
    expiresAt: write.expiresAt ?? null,
    supersededBy: write.supersededBy ?? null,
    validFrom: write.validFrom ?? null,
    validTo: write.validTo ?? null,
    confidence: write.confidence ?? null,
    observedAt: write.observedAt ?? null,
    assessedImportance: write.assessedImportance ?? null,
    linkedMemoryIds: write.linkedMemoryIds ?? [],
    embedState: write.embedding === null ? 'pending' : 'ok',
    fingerprint: write.fingerprint,
    embedding: write.embedding,
    searchText: documentText(write.content, write.summary, write.tags),
  }
}
