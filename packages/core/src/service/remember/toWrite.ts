import type { MemoryWrite } from '../../model/MemoryWrite.js'
import type { Tier } from '../../model/Tier.js'
import { defaultExpiry } from '../context/defaultExpiry.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { PreparedWrite } from './PreparedWrite.js'

const DURABLE: ReadonlySet<Tier> = new Set(['semantic', 'procedural'])

/** A prepared write as the store's `MemoryWrite` (no vector yet), with the service's defaults filled in. */
export function toWrite(context: ServiceContext, id: string, prepared: PreparedWrite, at: Date): MemoryWrite {
  const input = prepared.input
  const durable = DURABLE.has(input.tier)
  return {
    id,
    tier: input.tier,
    level: input.level ?? null,
    content: prepared.content,
    summary: input.summary ?? null,
    metadata: input.metadata ?? {},
    tags: input.tags ?? [],
    importance: input.importance ?? context.defaultImportance,
    expiresAt: input.expiresAt !== undefined ? input.expiresAt : defaultExpiry(context, input.tier, at),
    validFrom: input.validFrom ?? null,
    validTo: input.validTo ?? null,
    confidence:
      input.confidence !== undefined ? input.confidence : durable ? context.initialConfidence : null,
    // An explicit importance overrides any judged one (Memory.assessedImportance).
    assessedImportance: input.importance !== undefined ? null : (input.assessedImportance ?? null),
    linkedMemoryIds: input.linkedMemoryIds ?? [],
    fingerprint: prepared.fingerprint,
    embedding: null,
    ...(input.createdAt !== undefined ? { createdAt: input.createdAt } : {}),
  }
}
