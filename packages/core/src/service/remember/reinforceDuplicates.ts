import type { Memory } from '../../model/Memory.js'
import type { Tier } from '../../model/Tier.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { slidingOptions } from '../context/slidingOptions.js'
import { decayedConfidence } from '../decayedConfidence.js'
import { reobservedConfidence } from '../reobservedConfidence.js'
import { writeOf } from './writeOf.js'

/**
 * Counts re-observations of existing memories (one per entry; a memory listed twice was seen
 * twice): an access each, plus confidence growth for tracked facts: each observation adds a step
 * to the confidence as decayed to `at`, which becomes the fact's last observation (`observedAt`). One upsert for the
 * confidence rewrites and one reinforce per tier, however many duplicates a batch held.
 */
export async function reinforceDuplicates(
  context: ServiceContext,
  namespace: string,
  existing: Memory[],
  at: Date,
): Promise<void> {
  if (existing.length === 0) return
  const seen = new Map<string, { memory: Memory; times: number }>()
  for (const memory of existing) {
    const entry = seen.get(memory.id)
    if (entry) entry.times += 1
    else seen.set(memory.id, { memory, times: 1 })
  }
  const rewrites = []
  for (const { memory, times } of seen.values()) {
    let confidence = decayedConfidence(memory, at, context.confidenceDecay)
    for (let i = 0; i < times; i++) confidence = reobservedConfidence(confidence, context.confidenceStep)
    if (confidence !== null) {
      rewrites.push({ ...writeOf(memory), confidence, observedAt: at, embedding: null, keepEmbedding: true })
    }
  }
  // Rewrite first: the full write carries the old expiry, which the reinforce then slides.
  if (rewrites.length > 0) await context.store.upsert(namespace, rewrites)
  const byTier = new Map<Tier, string[]>()
  for (const memory of existing) byTier.set(memory.tier, [...(byTier.get(memory.tier) ?? []), memory.id])
  for (const [tier, ids] of byTier) {
    await context.store.reinforce(namespace, ids, slidingOptions(context, tier, at))
  }
}
