import type { Tier } from '../../model/Tier.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import { slidingOptions } from '../context/slidingOptions.js'
import type { RecallHit } from '../MemoryService.js'

/** Reinforces what recall returned, off the response path (one call per tier; failures reported). */
export function reinforceInBackground(context: ServiceContext, namespace: string, hits: RecallHit[]): void {
  if (hits.length === 0) return
  const at = context.now()
  const byTier = new Map<Tier, string[]>()
  for (const hit of hits) byTier.set(hit.memory.tier, [...(byTier.get(hit.memory.tier) ?? []), hit.memory.id])
  for (const [tier, ids] of byTier) {
    void Promise.resolve()
      .then(() => context.store.reinforce(namespace, ids, slidingOptions(context, tier, at)))
      .catch((error: unknown) => context.report(error, 'recall.reinforce'))
  }
}
