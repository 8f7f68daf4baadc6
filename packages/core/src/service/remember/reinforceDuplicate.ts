import type { Memory } from '../../model/Memory.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { slidingOptions } from '../context/slidingOptions.js'
import { reobservedConfidence } from '../reobservedConfidence.js'
import { writeOf } from './writeOf.js'

/** Counts a re-observation of an existing memory: an access, plus confidence growth for tracked facts. */
export async function reinforceDuplicate(
  context: ServiceContext,
  namespace: string,
  existing: Memory,
  at: Date,
): Promise<void> {
  const confidence = reobservedConfidence(existing.confidence, context.confidenceStep)
  // Rewrite first: the full write carries the old expiry, which the reinforce then slides.
  if (confidence !== null && confidence !== existing.confidence) {
    await context.store.upsert(namespace, [
      { ...writeOf(existing), confidence, embedding: null, keepEmbedding: true },
    ])
  }
  await context.store.reinforce(namespace, [existing.id], slidingOptions(context, existing.tier, at))
}
