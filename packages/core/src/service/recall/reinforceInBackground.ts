import type { Tier } from '../../model/Tier.js'
import type { ServiceContext } from '../context/ServiceContext.js'
import type { RecallHit } from '../MemoryService.js'

/** Queues a reinforcement of what recall returned, off the response path (see `ReinforcementQueue`). */
export function reinforceInBackground(context: ServiceContext, namespace: string, hits: RecallHit[]): void {
  if (hits.length === 0) return
  const at = context.now()
  const byTier = new Map<Tier, string[]>()
  for (const hit of hits) byTier.set(hit.memory.tier, [...(byTier.get(hit.memory.tier) ?? []), hit.memory.id])
  for (const [tier, ids] of byTier) context.reinforcements.add(namespace, tier, ids, at)
}
