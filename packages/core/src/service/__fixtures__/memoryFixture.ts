import type { Memory } from '../../model/Memory.js'

export const FIXTURE_NOW = new Date('2026-03-01T00:00:00Z')

/** A stored memory with neutral defaults (importance 0.5, accessed at `FIXTURE_NOW`), overridden field by field. */
export function memoryFixture(overrides: Partial<Memory>): Memory {
  return {
    id: 'm',
    namespace: 'u1',
    tier: 'semantic',
    level: null,
    content: 'x',
    summary: null,
    metadata: {},
    tags: [],
    importance: 0.5,
    createdAt: FIXTURE_NOW,
    updatedAt: FIXTURE_NOW,
    lastAccessedAt: FIXTURE_NOW,
    accessCount: 0,
    expiresAt: null,
    supersededBy: null,
    validFrom: null,
    validTo: null,
    confidence: null,
    observedAt: null,
    assessedImportance: null,
    linkedMemoryIds: [],
    embedState: 'ok',
    fingerprint: 'f',
    ...overrides,
  }
}
