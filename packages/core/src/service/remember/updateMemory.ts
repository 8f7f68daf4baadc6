import { ValidationError } from '../../errors/ValidationError.js'
import type { Memory } from '../../model/Memory.js'
import type { MemoryInput } from '../../model/MemoryInput.js'
import type { MemoryWrite } from '../../model/MemoryWrite.js'
import { NamespaceSchema } from '../../model/Namespace.js'
import type { Tier } from '../../model/Tier.js'
import { defaultExpiry } from '../context/defaultExpiry.js'
import { IdSchema } from '../context/IdSchema.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { describeIssues } from '../describeIssues.js'
import { withDecayedConfidence } from '../withDecayedConfidence.js'
import { embedWrites } from './embedWrites.js'
import { inputOf } from './inputOf.js'
import { prepareWrites } from './prepareWrites.js'
import { toWrite } from './toWrite.js'

/**
 * `MemoryService.update`: validates the merged memory as a whole (errors name the patch's
 * fields), keeps the vector and chunks when the content is unchanged, re-embeds otherwise.
 */
export async function updateMemory(
  context: ServiceContext,
  namespace: string,
  id: string,
  patch: Partial<MemoryInput>,
): Promise<Memory | null> {
  const { store } = context
  const issues: string[] = []
  const ns = NamespaceSchema.safeParse(namespace)
  if (!ns.success) issues.push(...describeIssues(ns.error.issues, 'namespace'))
  const idCheck = IdSchema.safeParse(id)
  if (!idCheck.success) issues.push(...describeIssues(idCheck.error.issues, 'id'))
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    issues.push('patch: expected an object')
    throw new ValidationError(issues)
  }
  if ('id' in patch && patch.id !== undefined && patch.id !== id)
    issues.push('patch.id: cannot change a memory id')
  const current = ns.success && idCheck.success ? await store.get(ns.data, id) : null
  if (issues.length > 0) throw new ValidationError(issues)
  if (!current) return null
  // Validate the merged memory, so the errors name the patch's fields and the result is whole.
  const merged: Record<string, unknown> = { ...inputOf(current) }
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) merged[key] = value
  // An explicit importance clears any judged one (Memory.assessedImportance), even one in the same patch.
  if ('importance' in patch && patch.importance !== undefined) merged.assessedImportance = null
  if ('tier' in patch && patch.tier !== current.tier && !('expiresAt' in patch)) {
    merged.expiresAt = defaultExpiry(context, patch.tier as Tier, context.now())
  }
  const { writes } = prepareWrites(context, ns.data, [merged], false)
  const prepared = writes[0]!
  const write: MemoryWrite = {
    ...toWrite(context, current.id, prepared, current.createdAt),
    supersededBy: current.supersededBy,
  }
  // A confidence the caller states is an observation now: it decays from here.
  if ('confidence' in patch && patch.confidence !== undefined) write.observedAt = context.now()
  if (merged.assessedImportance !== undefined)
    write.assessedImportance = merged.assessedImportance as number | null
  if (prepared.fingerprint === current.fingerprint) {
    // Content unchanged: keep the vector and the chunk rows.
    write.keepEmbedding = true
  } else {
    const vectors = await embedWrites(context, ns.data!, [prepared])
    if (vectors?.[0]) {
      write.embedding = vectors[0].embedding
      write.chunks = vectors[0].chunks
    } else {
      write.chunks = []
    }
  }
  const [outcome] = await store.upsert(ns.data!, [write])
  if (!outcome || outcome.status === 'conflict') return null
  const updated = await store.get(ns.data!, id)
  return updated && withDecayedConfidence(updated, context.now(), context.confidenceDecay)
}
