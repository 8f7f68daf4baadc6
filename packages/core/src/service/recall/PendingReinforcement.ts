import type { Tier } from '../../model/Tier.js'

/** Recall's reinforcements of one (namespace, tier) waiting in the queue: repeats kept, the latest recall's time. */
export interface PendingReinforcement {
  namespace: string
  tier: Tier
  ids: string[]
  at: Date
}
