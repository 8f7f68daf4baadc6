import type { Tier } from '../../model/Tier.js'
import type { ReinforceOptions } from '../../spec/Store.js'
import type { ServiceContext } from './ServiceContext.js'

/** `reinforce` options for an access at `at`: short-term tiers slide their expiry by their TTL. */
export function slidingOptions(context: ServiceContext, tier: Tier, at: Date): ReinforceOptions {
  const ttl = context.ttlMs[tier]
  return ttl === undefined ? { at } : { at, slidingTtlMs: ttl }
}
